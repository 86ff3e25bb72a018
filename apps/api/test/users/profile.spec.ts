import { bearer, createAdmin, createTestApp, registerUser, TestApp, TestSession } from '@oj/api-testing';
import type { SubmissionStatus } from '@oj/contracts';
import { ProblemEntity, SubmissionEntity } from '@oj/db';
import { DataSource } from 'typeorm';

/**
 * Issue 22 "Public profiles": besides SPEC's solved and attempted lists, a profile shows a year's heatmap, the latest
 * accepted submissions and the languages used, each counting only what the viewer may see: a private problem's
 * submissions are the owner's and admins'. (Results a contest's freeze hides: contests/freeze-leaks.spec.ts.)
 */
describe('GET /api/users/{username}/dashboard: heatmap, recent accepted, languages', () => {
  let t: TestApp;
  /** Ada's profile is viewed by a guest, Bob, herself and an admin. */
  let ada: TestSession;
  let bob: TestSession;
  let admin: TestSession;
  /** Ada's accepted submissions on the public problem, oldest first. */
  let accepted: SubmissionEntity[];
  let pub: ProblemEntity;
  let hidden: ProblemEntity;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t);
    [ada, bob] = await Promise.all([registerUser(t), registerUser(t)]);
    const ds = t.app.get(DataSource);
    const problems = ds.getRepository(ProblemEntity);
    pub = await problems.save({ title: 'Public', statement: 's', difficulty: 'EASY' as const, isPublic: true });
    hidden = await problems.save({ title: 'Hidden', statement: 's', difficulty: 'EASY' as const, isPublic: false });
    const row = (problem: ProblemEntity, status: SubmissionStatus, languageId: number, createdAt: string): Partial<SubmissionEntity> => ({
      userId: ada.user.id,
      problemId: problem.problemId,
      status,
      languageId,
      languageName: languageId === 71 ? 'Python (3.11.2)' : 'C++ (GCC 12.2.0)',
      sourceCode: 'secret source',
      sourceLen: 13,
      verdict: 'X',
      createdAt: new Date(createdAt),
    });
    // Twelve accepted on the public problem on 12 days of March 2026, 8 in Python and 4 in C++, and 3 wrong answers
    // in C++ on the first day; one accepted on the private problem, after all of them; one try in 2025.
    const rows = [
      ...Array.from({ length: 12 }, (_, i) => row(pub, 'accepted', i < 8 ? 71 : 54, `2026-03-${String(i + 1).padStart(2, '0')}T10:00:00Z`)),
      ...Array.from({ length: 3 }, (_, i) => row(pub, 'wrong_answer', 54, `2026-03-01T0${i + 1}:00:00Z`)),
      row(hidden, 'accepted', 71, '2026-04-01T10:00:00Z'),
      row(pub, 'wrong_answer', 71, '2025-06-01T10:00:00Z'),
    ];
    const saved = await ds.getRepository(SubmissionEntity).save(rows);
    accepted = saved.slice(0, 12);
  });
  afterAll(() => t.close());

  const profile = async (viewer: TestSession | undefined, query = '?year=2026') => {
    const req = t.http().get(`/api/users/${ada.user.username}/dashboard${query}`);
    return (await (viewer ? req.set(...bearer(viewer)) : req).expect(200)).body;
  };

  it('lists the latest ten accepted submissions, newest first, with problem, language and time', async () => {
    const { recentAccepted } = await profile(undefined);
    expect(recentAccepted).toHaveLength(10);
    expect(recentAccepted.map((r: { submissionId: string }) => r.submissionId)).toEqual(
      accepted
        .slice(2)
        .reverse()
        .map((s) => s.id),
    );
    expect(recentAccepted[0]).toEqual({
      submissionId: accepted[11].id,
      problemId: pub.problemId,
      problemTitle: 'Public',
      languageId: 54,
      language: 'C++ (GCC 12.2.0)',
      submittedAt: '2026-03-12T10:00:00.000Z',
    });
    expect(JSON.stringify(recentAccepted)).not.toContain('secret source');
  });

  it('counts submissions and accepted ones per language, most used first, over every year', async () => {
    expect((await profile(undefined)).languages).toEqual([
      { languageId: 71, language: 'Python (3.11.2)', submissions: 9, accepted: 8 },
      { languageId: 54, language: 'C++ (GCC 12.2.0)', submissions: 7, accepted: 4 },
    ]);
  });

  it("shows the chosen UTC year's activity, the current one by default", async () => {
    const view = await profile(undefined);
    expect(view.year).toBe(2026);
    expect(view.heatmap).toHaveLength(12);
    expect(view.heatmap[0]).toEqual({ date: '2026-03-01', submitCount: 4, acCount: 1 });
    expect((await profile(undefined, '?year=2025')).heatmap).toEqual([{ date: '2025-06-01', submitCount: 1, acCount: 0 }]);
    expect((await profile(undefined, '')).year).toBe(new Date().getUTCFullYear());
    for (const year of ['abc', '1969', '10000', '2026.5'])
      expect((await t.http().get(`/api/users/${ada.user.username}/dashboard?year=${year}`).expect(400)).body.code).toBe('VALIDATION_ERROR');
  });

  it("leaves a private problem's submissions out for others, and counts them for the owner and admins", async () => {
    for (const viewer of [undefined, bob]) {
      const view = await profile(viewer);
      expect(view.recentAccepted.some((r: { problemId: number }) => r.problemId === hidden.problemId)).toBe(false);
      expect(view.heatmap.find((d: { date: string }) => d.date === '2026-04-01')).toBeUndefined();
      expect(view.languages[0]).toMatchObject({ languageId: 71, submissions: 9, accepted: 8 });
    }
    for (const viewer of [ada, admin]) {
      const view = await profile(viewer);
      expect(view.recentAccepted[0]).toMatchObject({ problemId: hidden.problemId, problemTitle: 'Hidden' });
      expect(view.recentAccepted).toHaveLength(10);
      expect(view.heatmap.find((d: { date: string }) => d.date === '2026-04-01')).toEqual({
        date: '2026-04-01',
        submitCount: 1,
        acCount: 1,
      });
      expect(view.languages[0]).toMatchObject({ languageId: 71, submissions: 10, accepted: 9 });
    }
  });

  it("keeps the owner's own dashboard heatmap whole", async () => {
    const res = await t
      .http()
      .get('/api/dashboard/me/heatmap?year=2026')
      .set(...bearer(ada))
      .expect(200);
    expect(res.body.items).toHaveLength(13);
  });
});

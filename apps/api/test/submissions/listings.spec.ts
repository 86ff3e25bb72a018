import { bearer, createAdmin, createTestApp, registerUser, TestApp, TestSession } from '@oj/api-testing';
import { ProblemEntity, SubmissionEntity } from '@oj/db';
import { DataSource } from 'typeorm';

describe('submission listings and dashboards', () => {
  let t: TestApp;
  let admin: TestSession;
  let ada: TestSession;
  let bob: TestSession;
  let pub: ProblemEntity;
  let hidden: ProblemEntity;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t);
    ada = await registerUser(t, { username: 'ada_lovelace' });
    bob = await registerUser(t, { username: 'bob_builder' });
    const ds = t.app.get(DataSource);
    const problems = ds.getRepository(ProblemEntity);
    pub = await problems.save({ title: 'Public', statement: 's', difficulty: 'EASY' as const, isPublic: true });
    hidden = await problems.save({ title: 'Hidden', statement: 's', difficulty: 'EASY' as const, isPublic: false });
    const rows: Partial<SubmissionEntity>[] = [];
    const at = (iso: string) => new Date(iso);
    // ada: 25 on the public problem across two days of 2026, 2 of them accepted; bob: 3 (one on the hidden problem).
    for (let i = 0; i < 25; i++) {
      rows.push({
        userId: ada.user.id,
        problemId: pub.problemId,
        status: i < 2 ? 'accepted' : i < 20 ? 'wrong_answer' : 'tle',
        createdAt: at(`2026-03-0${i < 10 ? 1 : 2}T${String(10 + (i % 10)).padStart(2, '0')}:00:00Z`),
      });
    }
    rows.push({ userId: bob.user.id, problemId: pub.problemId, status: 'ce', createdAt: at('2025-12-31T23:59:59Z') });
    rows.push({ userId: bob.user.id, problemId: pub.problemId, status: 'rte', createdAt: at('2026-03-03T00:00:00Z') });
    rows.push({ userId: bob.user.id, problemId: hidden.problemId, status: 'accepted', createdAt: at('2026-03-03T01:00:00Z') });
    await ds.getRepository(SubmissionEntity).save(
      rows.map((r) => ({
        languageId: 71,
        languageName: 'Python',
        sourceCode: 'secret source',
        sourceLen: 13,
        verdict: 'X',
        score: r.status === 'accepted' ? 100 : 0,
        ...r,
      })),
    );
  });
  afterAll(() => t.close());

  const list = (query: string, session = ada) =>
    t
      .http()
      .get(`/api/submissions${query}`)
      .set(...bearer(session));

  it('pages newest first without source', async () => {
    const page1 = (await list('?limit=10').expect(200)).body;
    expect(page1).toMatchObject({ total: 27, totalPages: 3, page: 1, limit: 10 });
    expect(page1.items).toHaveLength(10);
    expect(page1.items[0]).toMatchObject({ userName: 'bob_builder', status: 'rte' });
    expect(page1.items[0].source).toBeUndefined();
    const stamps = page1.items.map((r: { createdAt: string }) => r.createdAt);
    expect([...stamps].sort().reverse()).toEqual(stamps);
    const page3 = (await list('?limit=10&page=3').expect(200)).body;
    expect(page3.items).toHaveLength(7);
    await list('?limit=101').expect(400);
    await list('?page=0').expect(400);
  });

  it('filters by status list, user (substring or id), problem and UTC dates', async () => {
    expect((await list('?status=accepted,tle').expect(200)).body.total).toBe(7);
    await list('?status=great').expect(400);
    expect((await list('?status=ole').expect(200)).body.total).toBe(0);
    expect((await list('?user=LOVE').expect(200)).body.total).toBe(25);
    expect((await list(`?user=${bob.user.id}`).expect(200)).body.total).toBe(2);
    expect((await list(`?problemId=${pub.problemId}`).expect(200)).body.total).toBe(27);
    await list('?problemId=0').expect(400);
    expect((await list('?dateFrom=2026-03-02&dateTo=2026-03-02').expect(200)).body.total).toBe(15);
    expect((await list('?dateTo=2025-12-31').expect(200)).body.total).toBe(1);
    await list('?dateFrom=March').expect(400);
  });

  it('hides submissions of private problems from other users, not from admins', async () => {
    expect((await list('', admin).expect(200)).body.total).toBe(28);
    expect((await list('', bob).expect(200)).body.total).toBe(28);
    await t.http().get('/api/submissions').expect(401);
  });

  it('lists mine and a problem’s submissions by scope', async () => {
    const mine = (
      await t
        .http()
        .get('/api/submissions/mine')
        .set(...bearer(bob))
        .expect(200)
    ).body;
    expect(mine).toMatchObject({ total: 3, scope: 'mine' });
    const all = (
      await t
        .http()
        .get(`/api/problems/${pub.problemId}/submissions?scope=all&limit=5`)
        .set(...bearer(bob))
        .expect(200)
    ).body;
    expect(all).toMatchObject({ total: 27, totalPages: 6, scope: 'all' });
    const own = (
      await t
        .http()
        .get(`/api/problems/${pub.problemId}/submissions?scope=mine`)
        .set(...bearer(bob))
        .expect(200)
    ).body;
    expect(own.total).toBe(2);
    await t
      .http()
      .get(`/api/problems/${hidden.problemId}/submissions`)
      .set(...bearer(ada))
      .expect(404);
  });

  it('a deleted user’s rows stay, without a name', async () => {
    const gone = await registerUser(t);
    await t.app
      .get(DataSource)
      .getRepository(SubmissionEntity)
      .save({
        userId: gone.user.id,
        problemId: pub.problemId,
        languageId: 71,
        languageName: 'Python',
        sourceCode: 'x',
        sourceLen: 1,
        status: 'accepted' as const,
        createdAt: new Date('2020-01-01T00:00:00Z'),
      });
    await t
      .http()
      .delete(`/api/admin/users/${gone.user.id}`)
      .set(...bearer(admin))
      .expect(204);
    const rows = (await list('?dateTo=2020-01-01', admin).expect(200)).body.items;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: null, userName: null });
  });

  it('dashboard summary and heatmap by UTC year', async () => {
    const summary = (
      await t
        .http()
        .get('/api/dashboard/me/summary?year=2026')
        .set(...bearer(ada))
        .expect(200)
    ).body;
    expect(summary).toEqual({ totalSubmissions: 25, totalAC: 2, totalWA: 18, totalTLE: 5, totalOLE: 0, totalRTE: 0, totalCE: 0 });
    const heat = (
      await t
        .http()
        .get('/api/dashboard/me/heatmap?year=2026')
        .set(...bearer(ada))
        .expect(200)
    ).body.items;
    expect(heat).toEqual([
      { date: '2026-03-01', submitCount: 10, acCount: 2 },
      { date: '2026-03-02', submitCount: 15, acCount: 0 },
    ]);
    const bob2025 = (
      await t
        .http()
        .get('/api/dashboard/me/summary?year=2025')
        .set(...bearer(bob))
        .expect(200)
    ).body;
    expect(bob2025.totalCE).toBe(1);
    await t
      .http()
      .get('/api/dashboard/me/summary?year=abc')
      .set(...bearer(ada))
      .expect(400);
    await t.http().get('/api/dashboard/me/summary').expect(401);
  });

  it('public user dashboard: solved and attempted, privacy, unknown users', async () => {
    const view = (await t.http().get('/api/users/ada_lovelace/dashboard').expect(200)).body;
    expect(view.user).toMatchObject({ username: 'ada_lovelace', profilePublic: true });
    expect(view.solved).toEqual([
      {
        problemId: pub.problemId,
        problemTitle: 'Public',
        acceptedAt: '2026-03-01T10:00:00.000Z',
        latestAcceptedSubmissionId: expect.any(String),
      },
    ]);
    expect(view.attempted).toEqual([]);
    const bobView = (await t.http().get('/api/users/bob_builder/dashboard').expect(200)).body;
    expect(bobView.attempted).toEqual([{ problemId: pub.problemId, problemTitle: 'Public', lastTriedAt: '2026-03-03T00:00:00.000Z' }]);
    expect(bobView.solved).toEqual([]);
    await t
      .http()
      .put('/api/users/me/profile')
      .set(...bearer(bob))
      .send({ profilePublic: false })
      .expect(200);
    expect(
      (
        await t
          .http()
          .get('/api/users/bob_builder/dashboard')
          .set(...bearer(ada))
          .expect(403)
      ).body.message,
    ).toBe('This profile is private.');
    await t
      .http()
      .get('/api/users/bob_builder/dashboard')
      .set(...bearer(bob))
      .expect(200);
    const asAdmin = (
      await t
        .http()
        .get('/api/users/bob_builder/dashboard')
        .set(...bearer(admin))
        .expect(200)
    ).body;
    expect(asAdmin.solved.map((s: { problemTitle: string }) => s.problemTitle)).toEqual(['Hidden']);
    expect((await t.http().get('/api/users/nobody_at_all/dashboard').expect(404)).body.message).toBe('User not found.');
  });
});

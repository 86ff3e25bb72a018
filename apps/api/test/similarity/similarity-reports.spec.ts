import { getQueueToken } from '@nestjs/bull';
import {
  bearer,
  contestBody,
  createAdmin,
  createContest,
  createProblem,
  problemBody,
  registerUser,
  TestApp,
  TestSession,
} from '@oj/api-testing';
import { createTestApp } from '@oj/api-testing';
import { SIMILARITY_QUEUE } from '@oj/messaging';
import type { Queue } from 'bull';
import { DataSource } from 'typeorm';

describe('similarity reports (routes and access)', () => {
  let t: TestApp;
  let admin: TestSession;
  let user: TestSession;
  let problemId: number;
  let contestId: number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t);
    user = await registerUser(t);
    ({ problemId } = await createProblem(t, admin));
    ({ contestId } = await createContest(t, admin, contestBody([problemId], -60, 60)));
  });
  afterAll(() => t.close());

  const range = { from: '2026-01-01T00:00:00Z', to: '2026-12-31T23:59:59Z' };

  it('queues a contest report for a worker and answers 202 with its id; the report reads queued', async () => {
    const res = await t
      .http()
      .post(`/api/contests/${contestId}/similarity-reports`)
      .set(...bearer(admin))
      .expect(202);
    const { reportId } = res.body;
    expect(reportId).toMatch(/^[0-9a-f-]{36}$/);
    const job = await t.app.get<Queue>(getQueueToken(SIMILARITY_QUEUE)).getJob(reportId);
    expect(job?.data).toMatchObject({ reportId });
    const report = await t
      .http()
      .get(`/api/similarity-reports/${reportId}`)
      .set(...bearer(admin))
      .expect(200);
    expect(report.body).toMatchObject({ id: reportId, contestId, problemId: null, status: 'queued', progress: 0, pairs: [], pairCount: 0 });
    const list = await t
      .http()
      .get(`/api/contests/${contestId}/similarity-reports`)
      .set(...bearer(admin))
      .expect(200);
    expect(list.body.map((r: { id: string }) => r.id)).toContain(reportId);
    expect(list.body[0]).not.toHaveProperty('pairs');
  });

  it('queues a problem report over a time range', async () => {
    const res = await t
      .http()
      .post(`/api/problems/${problemId}/similarity-reports`)
      .set(...bearer(admin))
      .send(range)
      .expect(202);
    const report = await t
      .http()
      .get(`/api/similarity-reports/${res.body.reportId}`)
      .set(...bearer(admin))
      .expect(200);
    expect(report.body).toMatchObject({ contestId: null, problemId, from: '2026-01-01T00:00:00.000Z', to: '2026-12-31T23:59:59.000Z' });
  });

  it('shows the pairs a worker wrote, as stored', async () => {
    const ds = t.app.get(DataSource);
    const pair = {
      problemId,
      language: 'Python',
      leftSubmissionId: '00000000-0000-4000-8000-000000000001',
      rightSubmissionId: '00000000-0000-4000-8000-000000000002',
      leftUser: 'a',
      rightUser: 'b',
      similarity: 0.9,
      longestFragment: 40,
      fragments: [{ left: { start: 0, end: 40 }, right: { start: 2, end: 38 } }],
    };
    const [{ id }] = await ds.query(
      `INSERT INTO similarity_reports (contest_id, status, progress, pairs, submission_count) VALUES ($1, 'done', 100, $2, 2) RETURNING id`,
      [contestId, JSON.stringify([pair])],
    );
    const report = await t
      .http()
      .get(`/api/similarity-reports/${id}`)
      .set(...bearer(admin))
      .expect(200);
    expect(report.body).toMatchObject({ status: 'done', progress: 100, submissions: 2, pairCount: 1, pairs: [pair] });
  });

  it("lists every report newest first, paged, of one contest or problem when asked, with what it compared's title", async () => {
    const list = (query: string) =>
      t
        .http()
        .get(`/api/similarity-reports${query}`)
        .set(...bearer(admin))
        .expect(200)
        .then((res) => res.body);
    const stored: { id: string; contestId: number | null; problemId: number | null }[] = await t.app
      .get(DataSource)
      .query(`SELECT id, contest_id AS "contestId", problem_id AS "problemId" FROM similarity_reports ORDER BY created_at DESC, id`);
    const all = await list('');
    expect(all).toMatchObject({ total: stored.length, page: 1, totalPages: 1 });
    expect(all.items.map((r: { id: string }) => r.id)).toEqual(stored.map((r) => r.id));
    expect(all.items[0]).not.toHaveProperty('pairs');
    const [contestTitle, problemTitle] = [
      (await t.http().get(`/api/contests/${contestId}`).expect(200)).body.title,
      (await t.http().get(`/api/problems/${problemId}`).expect(200)).body.title,
    ];
    const ofContest = await list(`?contestId=${contestId}`);
    expect(ofContest.items.length).toBe(stored.filter((r) => r.contestId === contestId).length);
    expect(new Set(ofContest.items.map((r: { contestId: number; title: string }) => `${r.contestId} ${r.title}`))).toEqual(
      new Set([`${contestId} ${contestTitle}`]),
    );
    const ofProblem = await list(`?problemId=${problemId}&limit=1&page=1`);
    expect(ofProblem).toMatchObject({
      total: 1,
      limit: 1,
      items: [{ problemId, contestId: null, title: problemTitle, from: range.from.replace('Z', '.000Z') }],
    });
    const second = await list(`?limit=1&page=2`);
    expect(second.items.map((r: { id: string }) => r.id)).toEqual([stored[1].id]);
    expect(await list('?contestId=999999')).toMatchObject({ items: [], total: 0 });
    for (const query of ['contestId=abc', 'problemId=0', 'contestId=1.5', 'limit=0', 'page=x', `problemId=${2 ** 31}`]) {
      const bad = await t
        .http()
        .get(`/api/similarity-reports?${query}`)
        .set(...bearer(admin))
        .expect(400);
      expect(bad.body.code).toBe('VALIDATION_ERROR');
    }
  });

  it('is for admins only: 401 for guests, 403 for users', async () => {
    const [{ id }] = await t.app.get(DataSource).query(`SELECT id FROM similarity_reports LIMIT 1`);
    const calls = [
      () => t.http().post(`/api/contests/${contestId}/similarity-reports`),
      () => t.http().get(`/api/contests/${contestId}/similarity-reports`),
      () => t.http().post(`/api/problems/${problemId}/similarity-reports`).send(range),
      () => t.http().get(`/api/similarity-reports/${id}`),
      () => t.http().get('/api/similarity-reports'),
    ];
    for (const call of calls) {
      await call().expect(401);
      const refused = await call()
        .set(...bearer(user))
        .expect(403);
      expect(refused.body.code).toBe('FORBIDDEN');
      expect(JSON.stringify(refused.body)).not.toContain('similarity');
    }
  });

  it('answers 404 for a contest, problem or report that does not exist', async () => {
    await t
      .http()
      .post('/api/contests/999999/similarity-reports')
      .set(...bearer(admin))
      .expect(404);
    await t
      .http()
      .post('/api/contests/abc/similarity-reports')
      .set(...bearer(admin))
      .expect(404);
    await t
      .http()
      .get('/api/contests/999999/similarity-reports')
      .set(...bearer(admin))
      .expect(404);
    await t
      .http()
      .post('/api/problems/999999/similarity-reports')
      .set(...bearer(admin))
      .send(range)
      .expect(404);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid'])
      await t
        .http()
        .get(`/api/similarity-reports/${id}`)
        .set(...bearer(admin))
        .expect(404);
  });

  it.each([
    ['no body', undefined, 'from'],
    ['null from', { from: null, to: range.to }, 'from'],
    ['a number', { from: 5, to: range.to }, 'from'],
    ['not a date', { from: range.from, to: 'tomorrow' }, 'to'],
    ['a range ending before it starts', { from: range.to, to: range.from }, 'to'],
  ])('refuses %s with 400 VALIDATION_ERROR', async (_, body, path) => {
    const before = await t.app.get(DataSource).query(`SELECT count(*)::int AS n FROM similarity_reports`);
    const res = await t
      .http()
      .post(`/api/problems/${problemId}/similarity-reports`)
      .set(...bearer(admin))
      .send(body as object)
      .expect(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.details.map((d: { path: string }) => d.path)).toContain(path);
    const after = await t.app.get(DataSource).query(`SELECT count(*)::int AS n FROM similarity_reports`);
    expect(after).toEqual(before);
  });

  describe('problem templates', () => {
    const template = { languageId: 54, sourceCode: '#include <cstdio>\nint main() {\n  // your code\n}\n' };

    it('are saved with the problem, shown with it, and kept when an update leaves them out', async () => {
      const created = await createProblem(t, admin, problemBody({ templates: [template] }));
      expect(created.templates).toEqual([template]);
      await t
        .http()
        .put(`/api/problems/${created.problemId}`)
        .set(...bearer(admin))
        .send(problemBody({ title: 'Renamed' }))
        .expect(200);
      const read = await t.http().get(`/api/problems/${created.problemId}`).expect(200);
      expect(read.body.templates).toEqual([template]);
      const plain = await createProblem(t, admin);
      expect(plain.templates).toEqual([]);
    });

    it.each([
      ['two for one language', [template, template]],
      ['a language that is not a number', [{ ...template, languageId: 'cpp' }]],
      ['a null source', [{ ...template, sourceCode: null }]],
      ['not a list', 'code'],
      ['null', null],
    ])('refuses %s with 400 VALIDATION_ERROR', async (_, templates) => {
      const res = await t
        .http()
        .post('/api/problems')
        .set(...bearer(admin))
        .send(problemBody({ templates }))
        .expect(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    });
  });
});

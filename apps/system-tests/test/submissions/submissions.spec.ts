import { INestApplicationContext } from '@nestjs/common';
import { bearer, createAdmin, createTestApp, openStream, problemBody, registerUser, TestApp, TestSession } from '@oj/api-testing';
import { ProblemEntity } from '@oj/db';
import { DataSource } from 'typeorm';

import { submissionAs } from '../submission-client';
import { startWorker } from '../worker-harness';

const CPP_SUM = '#include <iostream>\nint main(){long a,b;std::cin>>a>>b;std::cout<<a+b<<"\\n";}';
const PY_SUM = 'a, b = map(int, input().split())\nprint(a + b)';

describe('submissions end to end', () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  let admin: TestSession;
  let user: TestSession;
  let problemId: number;

  beforeAll(async () => {
    t = await createTestApp({ SUBMISSIONS_PER_MINUTE: '1000', LIVE_HEARTBEAT_MS: '300' });
    worker = await startWorker(t);
    admin = await createAdmin(t);
    user = await registerUser(t);
    problemId = (
      await t
        .http()
        .post('/api/problems')
        .set(...bearer(admin))
        .send(problemBody({ cpuTimeLimit: 0.5 }))
        .expect(201)
    ).body.problemId;
  });
  afterAll(async () => {
    await worker.close();
    await t.close();
  });

  const submit = (source: string, languageId = 54, session = user) =>
    t
      .http()
      .post('/api/submissions')
      .set(...bearer(session))
      .send({ problemId, languageId, sourceCode: source });

  async function finalOf(id: string, session = user) {
    for (let i = 0; i < 300; i++) {
      const s = (
        await t
          .http()
          .get(`/api/submissions/${id}`)
          .set(...bearer(session))
          .expect(200)
      ).body.submission;
      // Every answer is one consistent state: the results are there exactly when the status is final.
      expect({ status: s.status, hasSummary: s.resultSummary !== null }).toEqual({
        status: s.status,
        hasSummary: !['queued', 'running'].includes(s.status),
      });
      if (!['queued', 'running'].includes(s.status)) return s;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('never graded');
  }

  it('grades accepted, wrong answer, time limit and compile error, live over SSE', async () => {
    const stream = await openStream(t, `/api/problems/${problemId}/submissions/stream`, user.accessToken);
    try {
      const res = await submit(CPP_SUM).expect(201);
      const id = res.body.submissionId;
      await stream.waitFor((e) => e.id === id && e._eventType === 'created' && e.status === 'queued');
      await stream.waitFor((e) => e.id === id && e._eventType === 'running');
      const progress = await stream.waitFor((e) => e.id === id && e._eventType === 'progress');
      expect(progress.progress).toEqual({ done: expect.any(Number), total: 2 });
      const final = await stream.waitFor((e) => e.id === id && e._eventType === 'finished');
      expect(final).toMatchObject({
        status: 'accepted',
        verdict: 'ACCEPTED',
        score: 100,
        userId: user.user.id,
        userName: user.user.username,
        eventId: expect.any(String),
        emittedAt: expect.any(String),
      });
      expect(final.source).toBeUndefined();
      expect(final.sourceCode).toBeUndefined();
    } finally {
      stream.close();
    }

    const wa = await finalOf((await submit(PY_SUM.replace('a + b', 'a - b'), 71).expect(201)).body.submissionId);
    expect(wa).toMatchObject({ status: 'wrong_answer', verdict: 'WRONG_ANSWER', score: 0 });
    const half = await finalOf((await submit('print(3)', 71).expect(201)).body.submissionId);
    expect(half).toMatchObject({ status: 'wrong_answer', score: 33 });
    const tle = await finalOf((await submit('int main(){volatile int x=0;for(;;)x++;}').expect(201)).body.submissionId);
    expect(tle).toMatchObject({ status: 'tle', verdict: 'TIME_LIMIT_EXCEEDED' });
    const ce = await finalOf((await submit('int main( {').expect(201)).body.submissionId);
    expect(ce).toMatchObject({ status: 'ce', verdict: 'COMPILE_ERROR' });
    expect(ce.resultSummary.message).toMatch(/error/);
  }, 120_000);

  it('details: every field, per-test results, source only for the owner and admins', async () => {
    const id = (await submit(CPP_SUM).expect(201)).body.submissionId;
    const mine = await finalOf(id);
    // The status and summary first: should grading ever fail here, the report shows why.
    expect({ status: mine.status, summary: mine.resultSummary }).toMatchObject({ status: 'accepted' });
    expect(mine).toMatchObject({
      id,
      _id: id,
      userId: user.user.id,
      userName: user.user.username,
      problemId,
      problemTitle: 'A + B',
      problem: { id: expect.any(String), title: 'A + B', problemId },
      language: expect.stringMatching(/^C\+\+/),
      languageId: 54,
      canViewSource: true,
      source: CPP_SUM,
      sourceLen: CPP_SUM.length,
      queuedAt: expect.any(String),
      startedAt: expect.any(String),
      finishedAt: expect.any(String),
      submittedAt: expect.any(String),
      createdAt: expect.any(String),
    });
    expect(mine.testCaseResults).toEqual([
      { index: 0, status: 'accepted', timeMs: expect.any(Number), memoryKB: expect.any(Number), points: 1 },
      { index: 1, status: 'accepted', timeMs: expect.any(Number), memoryKB: expect.any(Number), points: 2 },
    ]);
    const other = await registerUser(t);
    const theirs = (
      await t
        .http()
        .get(`/api/submissions/${id}`)
        .set(...bearer(other))
        .expect(200)
    ).body.submission;
    expect(theirs.canViewSource).toBe(false);
    expect(theirs.source).toBeUndefined();
    expect((await submissionAs(t, admin, id)).source).toBe(CPP_SUM);
    await t.http().get(`/api/submissions/${id}`).expect(401);
    await t
      .http()
      .get('/api/submissions/00000000-0000-4000-8000-000000000000')
      .set(...bearer(user))
      .expect(404);
    await t
      .http()
      .get('/api/submissions/nope')
      .set(...bearer(user))
      .expect(404);
  }, 60_000);

  it('counts each submission once on its problem', async () => {
    const p = await t.app.get(DataSource).getRepository(ProblemEntity).findOneByOrFail({ problemId });
    const id = (await submit(CPP_SUM).expect(201)).body.submissionId;
    await finalOf(id);
    const after = await t.app.get(DataSource).getRepository(ProblemEntity).findOneByOrFail({ problemId });
    expect(after.submissionCount).toBe(p.submissionCount + 1);
    expect(after.acceptedSubmissionCount).toBe(p.acceptedSubmissionCount + 1);
  }, 60_000);

  it('re-submits for the owner and admins only, owned by the original author', async () => {
    const id = (await submit(CPP_SUM).expect(201)).body.submissionId;
    const other = await registerUser(t);
    await t
      .http()
      .post(`/api/submissions/${id}/resubmit`)
      .set(...bearer(other))
      .expect(403);
    const again = (
      await t
        .http()
        .post(`/api/submissions/${id}/resubmit`)
        .set(...bearer(admin))
        .expect(201)
    ).body.submissionId;
    const copy = await finalOf(again, admin);
    expect(copy).toMatchObject({ userId: user.user.id, languageId: 54, source: CPP_SUM, status: 'accepted' });
    await t
      .http()
      .post('/api/submissions/00000000-0000-4000-8000-000000000000/resubmit')
      .set(...bearer(user))
      .expect(404);
  }, 60_000);

  it('validates the body', async () => {
    expect(
      (
        await t
          .http()
          .post('/api/submissions')
          .set(...bearer(user))
          .send({ problemId, languageId: 54, sourceCode: '' })
          .expect(400)
      ).body.details,
    ).toEqual([{ path: 'sourceCode', message: 'Source code is required.' }]);
    expect((await submit('x'.repeat(64 * 1024 + 1)).expect(400)).body.details).toEqual([
      { path: 'sourceCode', message: 'Source code must be at most 64 KiB.' },
    ]);
    // DOMjudge's test-binary-content: text the database cannot hold is named, not "malformed".
    expect((await submit('int main() { return 0; }\0\x01binary').expect(400)).body.details).toEqual([
      { path: 'sourceCode', message: 'Source code must be text: it holds a NUL byte.' },
    ]);
    expect((await submit(CPP_SUM, 63).expect(400)).body.details).toEqual([
      { path: 'languageId', message: 'This language is not allowed for this problem.' },
    ]);
    await t
      .http()
      .post('/api/submissions')
      .set(...bearer(user))
      .send({ problemId: 999999, languageId: 54, sourceCode: 'x' })
      .expect(404);
    // A problem without its own language list takes any language the engine offers, and only those.
    const open = await t.app
      .get(DataSource)
      .getRepository(ProblemEntity)
      .save({ title: 'Open', statement: 's', difficulty: 'EASY' as const, isPublic: true, judge0LanguageIds: [] });
    const anyLanguage = (languageId: number) =>
      t
        .http()
        .post('/api/submissions')
        .set(...bearer(user))
        .send({ problemId: open.problemId, languageId, sourceCode: 'print(1)' });
    await anyLanguage(71).expect(201);
    expect((await anyLanguage(99999).expect(400)).body.details).toEqual([
      { path: 'languageId', message: 'This language is not allowed for this problem.' },
    ]);
    await t.http().post('/api/submissions').send({ problemId, languageId: 54, sourceCode: 'x' }).expect(401);
  });

  it('updates poll returns what changed since an instant', async () => {
    const since = new Date(Date.now() - 1000).toISOString();
    const id = (await submit(CPP_SUM).expect(201)).body.submissionId;
    await finalOf(id);
    const items = (
      await t
        .http()
        .get(`/api/submissions/updates?since=${encodeURIComponent(since)}`)
        .set(...bearer(user))
        .expect(200)
    ).body.items;
    expect(items.map((r: { id: string }) => r.id)).toContain(id);
    const perProblem = (
      await t
        .http()
        .get(`/api/problems/${problemId}/submissions/updates?since=${encodeURIComponent(since)}`)
        .set(...bearer(user))
        .expect(200)
    ).body.items;
    expect(perProblem.map((r: { id: string }) => r.id)).toContain(id);
    await t
      .http()
      .get('/api/submissions/updates?since=yesterday')
      .set(...bearer(user))
      .expect(400);
  }, 60_000);

  it('streams heartbeats, and a second API replica sees the same events', async () => {
    const replica = await createTestApp({
      DATABASE_URL: t.config.DATABASE_URL,
      REDIS_PREFIX: t.config.REDIS_PREFIX,
      LIVE_HEARTBEAT_MS: '200',
    });
    const remote = await openStream(replica, '/api/submissions/stream', user.accessToken);
    try {
      const id = (await submit(CPP_SUM).expect(201)).body.submissionId;
      await remote.waitFor((e) => e.id === id && e._eventType === 'finished');
      expect(remote.heartbeats).toBeGreaterThan(0);
    } finally {
      remote.close();
      await replica.close();
    }
  }, 60_000);
});

import { INestApplicationContext } from '@nestjs/common';
import {
  bearer,
  createAdmin,
  createProblem,
  createTestApp,
  openStream,
  problemBody,
  register,
  registerUser,
  TestApp,
  TestSession,
} from '@oj/api-testing';
import { DataSource } from 'typeorm';

import { startWorker } from '../worker-harness';

const AC = 'a, b = map(int, input().split())\nprint(a + b)\n';
const WRONG_ON_FIRST = 'a, b = map(int, input().split())\nprint(a + b + (1 if a == 1 else 0))\n';
const MINUTE = 60_000;
const at = (minutes: number) => new Date(Date.now() + minutes * MINUTE).toISOString();
const PENDING = { status: 'queued', verdict: 'PENDING', score: 0, runtimeMs: null, memoryKB: null, finishedAt: null, frozen: true };

/**
 * Verdicts the real worker produces during a freeze reach their submitter and admins only, through the detail,
 * the lists and the stream, and stay out of the problem's counters until the unfreeze; an ICPC contest's grading
 * stops at the first failing test.
 */
describe('frozen results graded by the worker', () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  let admin: TestSession;
  let ann: TestSession;
  let bob: TestSession;
  let problemId: number;

  beforeAll(async () => {
    t = await createTestApp();
    worker = await startWorker(t);
    admin = await createAdmin(t);
    [ann, bob] = await Promise.all([registerUser(t), registerUser(t)]);
    const testCases = [
      { input: '1 2\n', output: '3\n', points: 1 },
      { input: '5 7\n', output: '12\n', points: 1 },
      { input: '2 2\n', output: '4\n', points: 1 },
    ];
    problemId = (await createProblem(t, admin, problemBody({ title: 'Frozen sum', testCases }))).problemId;
  }, 60_000);
  afterAll(async () => {
    await worker.close();
    await t.close();
  });

  const detail = async (id: string, viewer: TestSession) =>
    (
      await t
        .http()
        .get(`/api/submissions/${id}`)
        .set(...bearer(viewer))
        .expect(200)
    ).body.submission;
  const counters = async () => {
    const res = await t.http().get(`/api/problems/${problemId}`).expect(200);
    return [res.body.submissionCount, res.body.acceptedSubmissionCount];
  };
  async function graded(id: string, round = 0): Promise<void> {
    for (let i = 0; i < 300; i++) {
      const [row] = await t.app.get(DataSource).query('SELECT counted_at, judge_round FROM submissions WHERE id = $1', [id]);
      if (row.counted_at && row.judge_round === round) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('not graded in time');
  }
  async function submit(user: TestSession, contestId: number, sourceCode: string): Promise<string> {
    const res = await t
      .http()
      .post('/api/submissions')
      .set(...bearer(user))
      .send({ problemId, contestId, languageId: 71, sourceCode })
      .expect(201);
    return res.body.submissionId;
  }

  it('shows others pending, holds the counters, stops at the first failure, and reveals on unfreeze', async () => {
    const body = { title: 'Frozen ICPC', format: 'icpc', startsAt: at(-30), endsAt: at(30), freezeMinutes: 40, problems: [{ problemId }] };
    const { contestId } = (
      await t
        .http()
        .post('/api/contests')
        .set(...bearer(admin))
        .send(body)
        .expect(201)
    ).body;
    await register(t, ann, contestId);
    const before = await counters();
    const bobStream = await openStream(t, '/api/submissions/stream', bob.accessToken);
    const annStream = await openStream(t, '/api/submissions/stream', ann.accessToken);
    try {
      const wrong = await submit(ann, contestId, WRONG_ON_FIRST);
      const right = await submit(ann, contestId, AC);
      await graded(wrong);
      await graded(right);
      await annStream.waitFor((e) => e.id === right && e.eventType === 'finished');

      // Ann sees her verdicts; the ICPC grading stopped at the first failing test.
      expect(await detail(right, ann)).toMatchObject({ status: 'accepted' });
      const mine = await detail(wrong, ann);
      expect(mine.status).toBe('wrong_answer');
      expect(mine.testCaseResults.map((r: { status: string }) => r.status)).toEqual(['wrong_answer', 'skipped', 'skipped']);
      expect(await detail(right, admin)).toMatchObject({ status: 'accepted' });

      // Bob sees both pending: in the detail, the list, and the stream, which told him of nothing but their creation;
      // nothing tells him when they were judged, which would tell how far each got (issue 32).
      for (const id of [wrong, right]) {
        const seenByBob = await detail(id, bob);
        expect(seenByBob).toMatchObject({ ...PENDING, testCaseResults: [], resultSummary: null, startedAt: null });
        expect([seenByBob.queuedAt, seenByBob.updatedAt]).toEqual([seenByBob.createdAt, seenByBob.createdAt]);
      }
      const list = await t
        .http()
        .get(`/api/problems/${problemId}/submissions`)
        .set(...bearer(bob))
        .expect(200);
      expect(list.body.items.filter((r: { id: string }) => [wrong, right].includes(r.id))).toEqual([
        expect.objectContaining(PENDING),
        expect.objectContaining(PENDING),
      ]);
      // A later event for everyone (a submission of a problem outside the contest) marks the end of the frozen ones.
      const outside = await t
        .http()
        .post('/api/submissions')
        .set(...bearer(admin))
        .send({ problemId, languageId: 71, sourceCode: AC })
        .expect(201);
      await graded(outside.body.submissionId);
      await bobStream.waitFor((e) => e.id === outside.body.submissionId && e.eventType === 'finished');
      const seen = bobStream.events.filter((e) => e.id === wrong || e.id === right);
      expect(seen.map((e) => e.eventType)).toEqual(['created', 'created']);
      for (const e of seen) expect(e).toMatchObject(PENDING);
      expect(await counters()).toEqual([before[0] + 1, before[1] + 1]);

      // A rejudge during the freeze: graded again by the worker (its job stops at the first failure too), still
      // pending for Bob, still held back from the counters.
      await t
        .http()
        .post(`/api/submissions/${wrong}/rejudge`)
        .set(...bearer(admin))
        .expect(202);
      await graded(wrong, 1);
      expect(await detail(wrong, bob)).toMatchObject(PENDING);
      const rejudged = await detail(wrong, ann);
      expect(rejudged.testCaseResults.map((r: { status: string }) => r.status)).toEqual(['wrong_answer', 'skipped', 'skipped']);
      expect(await counters()).toEqual([before[0] + 1, before[1] + 1]);

      // The end, then the unfreeze: everything shows and counts.
      await t
        .http()
        .put(`/api/contests/${contestId}`)
        .set(...bearer(admin))
        .send({ ...body, startsAt: at(-60), endsAt: at(-1) })
        .expect(200);
      await t
        .http()
        .post(`/api/contests/${contestId}/unfreeze`)
        .set(...bearer(admin))
        .expect(200);
      expect(await detail(right, bob)).toMatchObject({ status: 'accepted', testCaseResults: [{}, {}, {}] });
      expect(await detail(wrong, bob)).toMatchObject({ status: 'wrong_answer' });
      expect(await counters()).toEqual([before[0] + 3, before[1] + 2]);
    } finally {
      bobStream.close();
      annStream.close();
    }
  }, 120_000);
});

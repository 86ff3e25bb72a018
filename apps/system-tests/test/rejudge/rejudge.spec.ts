import { getQueueToken } from '@nestjs/bull';
import { INestApplicationContext } from '@nestjs/common';
import {
  bearer,
  createAdmin,
  createProblem,
  createTestApp,
  openStream,
  problemBody,
  registerUser,
  TestApp,
  TestSession,
} from '@oj/api-testing';
import { JudgeJobData } from '@oj/contracts';
import { ProblemEntity, SubmissionEntity } from '@oj/db';
import { JUDGE_QUEUE } from '@oj/messaging';
import { Queue } from 'bull';
import { DataSource } from 'typeorm';

import { collectLiveEvents, expectGradedOnce, waitAllFinal } from '../reliability/grading-audit';
import { startWorker } from '../worker-harness';

const SUM = 'a, b = map(int, input().split())\nprint(a + b)';
// Right on the first tests below, wrong once they change: what a rejudge after a test fix catches.
const FIVE = 'print(5)';
const FIRST_TESTS = [{ input: '2 3\n', output: '5\n', points: 1 }];
const FIXED_TESTS = [{ input: '1 1\n', output: '2\n', points: 1 }];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Rejudging with two real workers: a submission keeps its id and gets a new result, and the problem's counters
 * follow the new verdicts exactly, never drifting from a count of the rows, even while jobs of an earlier round
 * and duplicate jobs of the same round race the rejudge.
 */
describe('rejudge', () => {
  let t: TestApp;
  let workers: INestApplicationContext[];
  let admin: TestSession;
  let user: TestSession;
  let ds: DataSource;
  let queue: Queue<JudgeJobData>;

  beforeAll(async () => {
    t = await createTestApp({ SUBMISSIONS_PER_MINUTE: '1000' });
    workers = [await startWorker(t), await startWorker(t)];
    admin = await createAdmin(t);
    user = await registerUser(t);
    ds = t.app.get(DataSource);
    queue = t.app.get(getQueueToken(JUDGE_QUEUE));
  }, 60_000);
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.close()));
    await t.close();
  });

  async function newProblem(): Promise<number> {
    const body = problemBody({ testCases: FIRST_TESTS, judge0LanguageIds: [71] });
    return (await createProblem(t, admin, body)).problemId;
  }

  const changeTests = (problemId: number) =>
    t
      .http()
      .put(`/api/problems/${problemId}`)
      .set(...bearer(admin))
      .send(problemBody({ testCases: FIXED_TESTS, judge0LanguageIds: [71] }))
      .expect(200);

  async function submit(problemId: number, sourceCode: string): Promise<string> {
    return (
      await t
        .http()
        .post('/api/submissions')
        .set(...bearer(admin))
        .send({ problemId, languageId: 71, sourceCode })
        .expect(201)
    ).body.submissionId;
  }

  async function counters(problemId: number) {
    const p = await ds.getRepository(ProblemEntity).findOneByOrFail({ problemId });
    return { submissionCount: p.submissionCount, acceptedSubmissionCount: p.acceptedSubmissionCount };
  }

  /** The counters and a fresh count of what they should hold, read in one statement (one snapshot). */
  async function countersBesideRows(problemId: number) {
    const [row] = await ds.query(
      `SELECT p.submission_count AS "submissionCount", p.accepted_submission_count AS "acceptedSubmissionCount",
              (SELECT count(*) FROM submissions s WHERE s.problem_id = p.problem_id AND s.counted_status IS NOT NULL)::int AS "rows",
              (SELECT count(*) FROM submissions s WHERE s.problem_id = p.problem_id AND s.counted_status = 'accepted')::int AS "acceptedRows"
       FROM problems p WHERE p.problem_id = $1`,
      [problemId],
    );
    return row;
  }

  it('is for admins only; unknown or malformed ids are 404', async () => {
    const problemId = await newProblem();
    const id = await submit(problemId, SUM);
    await t.http().post(`/api/submissions/${id}/rejudge`).expect(401);
    await t.http().post(`/api/problems/${problemId}/rejudge`).expect(401);
    await t
      .http()
      .post(`/api/submissions/${id}/rejudge`)
      .set(...bearer(user))
      .expect(403);
    await t
      .http()
      .post(`/api/problems/${problemId}/rejudge`)
      .set(...bearer(user))
      .expect(403);
    await t
      .http()
      .get(`/api/problems/${problemId}/rejudge`)
      .set(...bearer(user))
      .expect(403);
    await t
      .http()
      .post('/api/submissions/0b7d6a8e-3c1f-4e2a-9a55-2f1e8c4d7b90/rejudge')
      .set(...bearer(admin))
      .expect(404);
    await t
      .http()
      .post('/api/submissions/not-an-id/rejudge')
      .set(...bearer(admin))
      .expect(404);
    await t
      .http()
      .post('/api/problems/999999/rejudge')
      .set(...bearer(admin))
      .expect(404);
    await t
      .http()
      .post('/api/problems/abc/rejudge')
      .set(...bearer(admin))
      .expect(404);
    await t
      .http()
      .get('/api/problems/999999/rejudge')
      .set(...bearer(admin))
      .expect(404);
    expect(
      (
        await t
          .http()
          .get(`/api/problems/${problemId}/rejudge`)
          .set(...bearer(admin))
          .expect(200)
      ).body,
    ).toEqual({ total: 0, done: 0, pending: 0 });
    await waitAllFinal(ds, [id], 60_000);
  }, 90_000);

  it('after a test change, flips accepted to wrong answer under the same id, live, and the counters decrement', async () => {
    const problemId = await newProblem();
    const id = await submit(problemId, FIVE);
    await waitAllFinal(ds, [id], 60_000);
    expect(await counters(problemId)).toEqual({ submissionCount: 1, acceptedSubmissionCount: 1 });

    await changeTests(problemId);
    const stream = await openStream(t, `/api/problems/${problemId}/submissions/stream`, admin.accessToken);
    try {
      expect(
        (
          await t
            .http()
            .post(`/api/submissions/${id}/rejudge`)
            .set(...bearer(admin))
            .expect(202)
        ).body,
      ).toEqual({ queued: 1 });
      await stream.waitFor((e) => e.id === id && e._eventType === 'created' && e.status === 'queued');
      await stream.waitFor((e) => e.id === id && e._eventType === 'running');
      const final = await stream.waitFor((e) => e.id === id && e._eventType === 'finished', 60_000);
      expect(final).toMatchObject({ status: 'wrong_answer', verdict: 'WRONG_ANSWER', score: 0 });
    } finally {
      stream.close();
    }
    const detail = (
      await t
        .http()
        .get(`/api/submissions/${id}`)
        .set(...bearer(admin))
        .expect(200)
    ).body.submission;
    expect(detail).toMatchObject({ id, status: 'wrong_answer', resultSummary: { score: 0 } });
    expect(await counters(problemId)).toEqual({ submissionCount: 1, acceptedSubmissionCount: 0 });
    const problem = (await t.http().get(`/api/problems/${problemId}`).expect(200)).body;
    expect({ submissionCount: problem.submissionCount, acceptedSubmissionCount: problem.acceptedSubmissionCount }).toEqual({
      submissionCount: 1,
      acceptedSubmissionCount: 0,
    });
  }, 120_000);

  it('rejudges a whole problem under two workers with races, the counters equal to a count of the rows throughout', async () => {
    const problemId = await newProblem();
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push(await submit(problemId, i % 2 ? SUM : FIVE));
    await waitAllFinal(ds, ids, 120_000);
    expect(await counters(problemId)).toEqual({ submissionCount: 20, acceptedSubmissionCount: 20 });

    await changeTests(problemId);
    const live = await collectLiveEvents(t.config.REDIS_URL, t.config.REDIS_PREFIX);
    try {
      const res = await t
        .http()
        .post(`/api/problems/${problemId}/rejudge`)
        .set(...bearer(admin))
        .expect(202);
      expect(res.body).toEqual({ queued: 20 });
      // Races: a late job of the first round (a stalled original) and a second job of the new round per
      // submission, so both workers grade the same round at once.
      for (const id of ids.slice(0, 8)) {
        await queue.add({ submissionId: id }, { jobId: `${id}:stale`, priority: 1, removeOnComplete: true });
        await queue.add({ submissionId: id, round: 1 }, { jobId: `${id}:duplicate`, priority: 1, removeOnComplete: true });
      }
      const seenProgress = new Set<string>();
      for (let i = 0; ; i++) {
        const snapshot = await countersBesideRows(problemId);
        expect(snapshot).toEqual({
          submissionCount: snapshot.rows,
          acceptedSubmissionCount: snapshot.acceptedRows,
          rows: 20,
          acceptedRows: snapshot.acceptedRows,
        });
        const progress = (
          await t
            .http()
            .get(`/api/problems/${problemId}/rejudge`)
            .set(...bearer(admin))
            .expect(200)
        ).body;
        expect(progress).toEqual({ total: 20, done: expect.any(Number), pending: 20 - progress.done });
        seenProgress.add(`${progress.done}`);
        if (progress.done === 20) break;
        if (i > 1200) throw new Error(`rejudge stuck at ${JSON.stringify(progress)}`);
        await sleep(100);
      }
      expect(seenProgress.size).toBeGreaterThan(1);
      await waitAllFinal(ds, ids, 10_000);
      await expectGradedOnce(ds, problemId, ids, live.events);
      expect(await counters(problemId)).toEqual({ submissionCount: 20, acceptedSubmissionCount: 10 });
      const rows = await ds.getRepository(SubmissionEntity).findBy({ problemId });
      expect(rows.map((r) => r.judgeRound)).toEqual(Array(20).fill(1));
    } finally {
      live.close();
    }
  }, 240_000);
});

import { INestApplicationContext, Provider } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { GradeResult, JudgeJobData, LiveEvent, noTestResult } from '@oj/contracts';
import {
  createDataSource,
  dropDatabase,
  loadSubmissionRow,
  migrate,
  ProblemEntity,
  SubmissionEntity,
  TestCaseEntity,
  writeFinalResult,
} from '@oj/db';
import { JUDGE_QUEUE, liveEventsChannel } from '@oj/messaging';
import Bull from 'bull';
import { randomBytes, randomUUID } from 'crypto';
import Redis from 'ioredis';
import { Client } from 'pg';
import { DataSource } from 'typeorm';

import { loadWorkerConfig } from '../../src/config/worker-config';
import { JUDGE_ENGINE, JudgeEngine } from '../../src/engines/judge-engine';
import { checkerFailedResult } from '../../src/grading/grade-aggregate';
import { Grader } from '../../src/grading/grader';
import { JudgeSubmissionService } from '../../src/grading/judge-submission.service';
import { GradeRequest, ProgressListener } from '../../src/grading/requests';
import { SubmissionReconciler } from '../../src/queue/submission-reconciler';
import { RatingsConsumer } from '../../src/ratings/ratings-consumer';
import { WorkerModule } from '../../src/worker.module';
import { TcpProxy } from '../faults/tcp-proxy';

type Script = (request: GradeRequest, onProgress?: ProgressListener) => Promise<GradeResult>;

const ACCEPTED: GradeResult = {
  status: 'accepted',
  score: 100,
  earnedPoints: 3,
  totalPoints: 3,
  runtimeMs: 12,
  memoryKB: 3400,
  testCaseResults: [
    { index: 0, status: 'accepted', timeMs: 12, memoryKB: 3400, points: 1 },
    { index: 1, status: 'accepted', timeMs: 9, memoryKB: 3300, points: 2 },
  ],
};

/**
 * The grading use case on a real queue, database and pub/sub, with a scripted engine: what the worker writes,
 * publishes and counts, however often a job runs or fails.
 */
describe('judging a submission from the queue', () => {
  const suffix = randomBytes(5).toString('hex');
  const url = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = `/oj_wtest_${suffix}`;
  const databaseUrl = url.toString();
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const prefix = `oj_wtest_${suffix}`;
  let grader: Script;
  /** The grading as scripted by each test (`grader`), in place of the test loop and its engine. */
  const engine: Pick<Grader, 'grade' | 'run'> = {
    grade: jest.fn((request: GradeRequest, onProgress?: ProgressListener) => grader(request, onProgress)),
    run: () => Promise.reject(new Error('These tests queue no custom runs.')),
  };
  const languages: Pick<JudgeEngine, 'name' | 'languages' | 'close'> = {
    name: 'local',
    languages: async () => [{ id: 71, name: 'Python 3' }],
    close: async () => undefined,
  };
  let worker: INestApplicationContext;
  // The worker reaches PostgreSQL through a proxy the outage tests cut; the test itself reads it directly.
  let proxy: TcpProxy;
  let ds: DataSource;
  let queue: Bull.Queue<JudgeJobData>;
  let subscriber: Redis;
  const events: LiveEvent[] = [];
  let problem: ProblemEntity;

  beforeAll(async () => {
    await migrate(databaseUrl);
    proxy = await TcpProxy.start(Number(url.port || 5432));
    const proxied = new URL(databaseUrl);
    proxied.host = `127.0.0.1:${proxy.port}`;
    const config = loadWorkerConfig({
      NODE_ENV: 'test',
      DATABASE_URL: proxied.toString(),
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      WORKER_CONCURRENCY: '1',
    });
    const module = WorkerModule.forRoot(config);
    // Without the ratings consumer: its sweep, repeated on every minute of the clock, would add its statements to
    // whichever grading the statement counts below measure when a minute turns.
    module.providers = (module.providers as Provider[])
      .filter((p) => p !== RatingsConsumer)
      .map((p) => {
        if (!('provide' in p)) return p;
        if (p.provide === Grader) return { provide: Grader, useValue: engine };
        return p.provide === JUDGE_ENGINE ? { provide: JUDGE_ENGINE, useValue: languages } : p;
      });
    worker = await NestFactory.createApplicationContext(module, { logger: ['error'] });
    await worker.init();
    ds = await createDataSource(databaseUrl).initialize();
    queue = new Bull(JUDGE_QUEUE, redisUrl, { prefix });
    subscriber = new Redis(redisUrl);
    subscriber.on('message', (_c: string, message: string) => events.push(JSON.parse(message)));
    await subscriber.subscribe(liveEventsChannel(prefix));
    problem = await ds
      .getRepository(ProblemEntity)
      .save({ title: 'Sum', statement: 's', difficulty: 'EASY' as const, cpuTimeLimit: 1.5, memoryLimit: 64 });
    // Saved out of order: the worker must grade by position.
    await ds.getRepository(TestCaseEntity).save([
      { problemUuid: problem.id, position: 1, input: '5 7\n', output: '12\n', points: 2 },
      { problemUuid: problem.id, position: 0, input: '1 2\n', output: '3\n', points: 1 },
    ]);
  });
  afterAll(async () => {
    await queue.close();
    subscriber.disconnect();
    await worker.close();
    await proxy.close();
    await ds.destroy();
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    await dropDatabase(databaseUrl);
  });
  beforeEach(async () => {
    (engine.grade as jest.Mock).mockClear();
    await proxy.up();
    grader = async (_request, onProgress) => {
      await onProgress?.(1, 2);
      await onProgress?.(2, 2);
      return ACCEPTED;
    };
  });

  async function enqueue(jobId?: string): Promise<string> {
    const saved = await ds.getRepository(SubmissionEntity).save({
      problemId: problem.problemId,
      languageId: 71,
      languageName: 'Python 3',
      sourceCode: 'print(3)',
      sourceLen: 8,
      status: 'queued' as const,
      verdict: 'PENDING',
      score: 0,
      queuedAt: new Date(),
    });
    await queue.add(
      { submissionId: saved.id },
      { jobId: jobId ?? saved.id, attempts: 3, backoff: { type: 'exponential', delay: 200 }, removeOnComplete: true, removeOnFail: 1000 },
    );
    return saved.id;
  }

  async function settled(id: string, timeoutMs = 20_000): Promise<SubmissionEntity> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const row = await ds.getRepository(SubmissionEntity).findOneByOrFail({ id });
      if (row.countedAt && events.some((e) => e.id === id && e._eventType === 'finished')) return row;
      if (Date.now() > deadline) throw new Error(`submission ${id} still ${row.status}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  const counters = async () => ds.getRepository(ProblemEntity).findOneByOrFail({ id: problem.id });

  it('marks it running, grades the tests in order with the limits, stores the result and publishes each change', async () => {
    const before = await counters();
    const id = await enqueue();
    const row = await settled(id);
    expect(row).toMatchObject({
      status: 'accepted',
      verdict: 'ACCEPTED',
      score: 100,
      runtimeMs: 12,
      memoryKB: 3400,
      testCaseResults: ACCEPTED.testCaseResults,
    });
    expect(row.resultSummary).toEqual({ score: 100, earnedPoints: 3, totalPoints: 3, cases: ACCEPTED.testCaseResults });
    expect(row.startedAt).toBeInstanceOf(Date);
    expect(row.finishedAt!.getTime()).toBeGreaterThanOrEqual(row.startedAt!.getTime());
    const request = (engine.grade as jest.Mock).mock.calls[0][0] as GradeRequest;
    expect(request).toMatchObject({ languageId: 71, sourceCode: 'print(3)', cpuTimeLimit: 1.5, memoryLimit: 64 });
    expect(request.testCases.map((c) => c.output)).toEqual(['3\n', '12\n']);
    const mine = events.filter((e) => e.id === id);
    expect(mine.map((e) => e._eventType)).toEqual(['running', 'progress', 'progress', 'finished']);
    expect(mine.map((e) => e.status)).toEqual(['running', 'running', 'running', 'accepted']);
    expect(mine[2].progress).toEqual({ done: 2, total: 2 });
    expect(new Set(mine.map((e) => e.eventId)).size).toBe(4);
    expect(mine.every((e) => !('source' in e) && !('sourceCode' in e))).toBe(true);
    // Built from the running row and the write's columns, without reading the row again: the row as a read gives it.
    expect(mine[3]).toMatchObject({ ...(await loadSubmissionRow(ds.manager, id)) });
    const after = await counters();
    expect(after.submissionCount).toBe(before.submissionCount + 1);
    expect(after.acceptedSubmissionCount).toBe(before.acceptedSubmissionCount + 1);
  });

  /** The SQL statements every connection of this process sends while `run` runs (the worker's and the test's). */
  async function statementsDuring(run: () => Promise<unknown>): Promise<string[]> {
    const statements: string[] = [];
    const realQuery = Client.prototype.query;
    const query = jest.spyOn(Client.prototype, 'query').mockImplementation(function (this: Client, ...args: unknown[]) {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string }).text;
      statements.push(String(text).replace(/\s+/g, ' ').trim());
      return (realQuery as (...a: unknown[]) => unknown).apply(this, args) as never;
    });
    try {
      await run();
    } finally {
      query.mockRestore();
    }
    return statements;
  }

  /** The statements the worker sends to grade one submission whose engine reports `tests` tests, one at a time. */
  async function gradingStatements(tests: number): Promise<string[]> {
    grader = async (_request, onProgress) => {
      for (let done = 1; done <= tests; done++) await onProgress?.(done, tests);
      return ACCEPTED;
    };
    // From the test's insert to the final event (the wait polls Redis, not the database).
    return statementsDuring(async () => {
      const id = await enqueue();
      while (!events.some((e) => e.id === id && e._eventType === 'finished')) await new Promise((r) => setTimeout(r, 20));
    });
  }

  // A regression guard by counts, not timings: progress events are built from the running row read once, so a
  // test costs no SQL statement of its own, whatever the number of tests.
  it('grades a submission in the same number of SQL statements for 1 test as for 40', async () => {
    // A first grading reads the problem's tests into the worker's cache, whichever test ran before this one.
    await gradingStatements(1);
    const one = await gradingStatements(1);
    const forty = await gradingStatements(40);
    expect({ count: forty.length, statements: forty }).toEqual({ count: one.length, statements: one });
    // 15: the final write locks the problem row before the submission (deadlock-free ordering with rejudges).
    expect(one.length).toBeLessThanOrEqual(15);
    expect(events.filter((e) => e._eventType === 'progress' && e.progress?.total === 40)).toHaveLength(40);
  });

  it("reads a problem's tests once per version of them, and grades with changed tests as soon as they change", async () => {
    const outputs = () => ((engine.grade as jest.Mock).mock.calls.at(-1)[0] as GradeRequest).testCases.map((c) => c.output);
    const tests = ds.getRepository(TestCaseEntity);
    await settled(await enqueue());
    const again = await gradingStatements(1);
    expect(again.filter((statement) => statement.includes('problem_test_cases'))).toEqual([]);
    expect(outputs()).toEqual(['3\n', '12\n']);
    // Each kind of change, each graded at once with the tests as they are now.
    await tests.update({ problemUuid: problem.id, position: 1 }, { output: '13\n' });
    await settled(await enqueue());
    expect(outputs()).toEqual(['3\n', '13\n']);
    const added = await tests.save({ problemUuid: problem.id, position: 2, input: '2 2\n', output: '4\n', points: 1 });
    await settled(await enqueue());
    expect(outputs()).toEqual(['3\n', '13\n', '4\n']);
    await tests.delete({ id: added.id });
    await tests.update({ problemUuid: problem.id, position: 1 }, { output: '12\n' });
    await settled(await enqueue());
    expect(outputs()).toEqual(['3\n', '12\n']);
  });

  it('a job run again for a graded submission changes nothing and counts nothing', async () => {
    const id = await enqueue();
    await settled(id);
    const before = await counters();
    (engine.grade as jest.Mock).mockClear();
    await queue.add({ submissionId: id }, { jobId: `${id}-again`, removeOnComplete: true });
    await new Promise((r) => setTimeout(r, 500));
    expect(await queue.getJob(`${id}-again`)).toBeNull();
    expect(engine.grade).not.toHaveBeenCalled();
    expect(await counters()).toMatchObject({
      submissionCount: before.submissionCount,
      acceptedSubmissionCount: before.acceptedSubmissionCount,
    });
  });

  it('a grading that died between writing its result and publishing it: the job run again publishes the result', async () => {
    const saved = await ds.getRepository(SubmissionEntity).save({
      problemId: problem.problemId,
      languageId: 71,
      languageName: 'Python 3',
      sourceCode: 'print(3)',
      sourceLen: 8,
      status: 'running' as const,
      verdict: 'RUNNING',
      score: 0,
    });
    // What a worker SIGKILLed right after its transaction committed leaves behind: the row final, no event sent.
    expect(await writeFinalResult(ds, saved.id, problem.problemId, { ...ACCEPTED, status: 'wrong_answer', score: 33 })).toBe(true);
    await queue.add({ submissionId: saved.id }, { jobId: saved.id, removeOnComplete: true });
    const row = await settled(saved.id);
    expect(engine.grade).not.toHaveBeenCalled();
    expect(events.filter((e) => e.id === saved.id && e._eventType === 'finished').map((e) => e.status)).toEqual(['wrong_answer']);
    expect(row.status).toBe('wrong_answer');
  });

  it('retries an engine failure, and after the last attempt leaves the submission failed with the message, counted once', async () => {
    grader = async () => noTestResult('failed', 'Sandbox unavailable');
    const before = await counters();
    const id = await enqueue();
    const row = await settled(id);
    expect(engine.grade).toHaveBeenCalledTimes(3);
    expect(row).toMatchObject({ status: 'failed', verdict: 'FAILED', score: 0 });
    expect(row.resultSummary?.message).toBe('Sandbox unavailable');
    expect(events.filter((e) => e.id === id && e._eventType === 'finished')).toHaveLength(1);
    const after = await counters();
    expect(after.submissionCount).toBe(before.submissionCount + 1);
    expect(after.acceptedSubmissionCount).toBe(before.acceptedSubmissionCount);
  });

  it("ends the submission failed at once when the problem's checker fails: no retry can fix it", async () => {
    grader = async () => checkerFailedResult('test 1: The checker crashed.');
    (engine.grade as jest.Mock).mockClear();
    const row = await settled(await enqueue());
    expect(engine.grade).toHaveBeenCalledTimes(1);
    expect((engine.grade as jest.Mock).mock.calls[0][0]).toMatchObject({ checker: { type: 'lines' } });
    expect(row).toMatchObject({ status: 'failed', verdict: 'FAILED', score: 0 });
    expect(row.resultSummary?.message).toMatch(/Checker failure .*test 1: The checker crashed\./);
  });

  it('recovers when a retry succeeds', async () => {
    let calls = 0;
    grader = async () => {
      calls++;
      if (calls === 1) throw new Error('engine hiccup');
      return ACCEPTED;
    };
    const row = await settled(await enqueue());
    expect(calls).toBe(2);
    expect(row.status).toBe('accepted');
  });

  it('drops a job whose submission was deleted, without failing it', async () => {
    const failedBefore = await queue.getFailedCount();
    await queue.add({ submissionId: randomUUID() }, { jobId: 'gone', attempts: 3, removeOnComplete: true, removeOnFail: 1000 });
    for (let i = 0; i < 100 && (await queue.getJob('gone')); i++) await new Promise((r) => setTimeout(r, 20));
    expect(await queue.getJob('gone')).toBeNull();
    expect(await queue.getFailedCount()).toBe(failedBefore);
    expect(engine.grade).not.toHaveBeenCalled();
  });

  describe('gradings of one submission running at once', () => {
    const WRONG: GradeResult = { ...ACCEPTED, status: 'wrong_answer', score: 33 };

    async function newSubmission(problemId: number): Promise<string> {
      const saved = await ds.getRepository(SubmissionEntity).save({
        problemId,
        languageId: 71,
        languageName: 'Python 3',
        sourceCode: 'print(3)',
        sourceLen: 8,
        status: 'queued' as const,
        verdict: 'PENDING',
        score: 0,
      });
      return saved.id;
    }

    it('a stalled job failed while its first grading still runs: the late result neither overwrites nor recounts', async () => {
      let release!: () => void;
      grader = () => new Promise((resolve) => (release = () => resolve(ACCEPTED)));
      const before = await counters();
      const id = await newSubmission(problem.problemId);
      const judging = worker.get(JudgeSubmissionService);
      const grading = judging.judge(id);
      for (let i = 0; i < 200 && !release; i++) await new Promise((r) => setTimeout(r, 25));
      // What the queue's failed handler does when Bull gives up on a job that stalled too often.
      await judging.markFailed(id, 'job stalled more than allowable limit');
      release();
      await grading;
      const row = await ds.getRepository(SubmissionEntity).findOneByOrFail({ id });
      expect(row).toMatchObject({ status: 'failed', verdict: 'FAILED' });
      const finished = events.filter((e) => e.id === id && e._eventType === 'finished');
      expect(finished.map((e) => e.status)).toEqual(['failed']);
      expect(await counters()).toMatchObject({
        submissionCount: before.submissionCount + 1,
        acceptedSubmissionCount: before.acceptedSubmissionCount,
      });
    });

    it('many concurrent gradings and failures of the same submissions: one result each, counters equal a fresh COUNT', async () => {
      const own = await ds
        .getRepository(ProblemEntity)
        .save({ title: 'Race', statement: 's', difficulty: 'EASY' as const, cpuTimeLimit: 1, memoryLimit: 64 });
      grader = async () => {
        await new Promise((r) => setTimeout(r, Math.random() * 40));
        return Math.random() < 0.5 ? ACCEPTED : WRONG;
      };
      const judging = worker.get(JudgeSubmissionService);
      const ids = await Promise.all(Array.from({ length: 20 }, () => newSubmission(own.problemId)));
      await Promise.all(
        ids.flatMap((id) => [
          judging.judge(id),
          judging.judge(id),
          judging.judge(id),
          new Promise((r) => setTimeout(r, Math.random() * 40)).then(() => judging.markFailed(id, 'stalled')),
        ]),
      );
      const [fresh] = await ds.query(
        `SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 'accepted')::int AS accepted, count(*) FILTER (WHERE counted_at IS NULL)::int AS uncounted
         FROM submissions WHERE problem_id = $1`,
        [own.problemId],
      );
      expect(fresh).toEqual({ total: 20, accepted: expect.any(Number), uncounted: 0 });
      expect(await ds.getRepository(ProblemEntity).findOneByOrFail({ id: own.id })).toMatchObject({
        submissionCount: fresh.total,
        acceptedSubmissionCount: fresh.accepted,
      });
      // Live clients learnt the final state of each submission, and only the one the row holds (a grading that
      // finds the result written publishes it again: delivery is at least once, see republishResult).
      const rows = await ds.getRepository(SubmissionEntity).findBy({ problemId: own.problemId });
      for (let i = 0; i < 100 && !ids.every((id) => events.some((e) => e.id === id && e._eventType === 'finished')); i++)
        await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 200));
      for (const row of rows) {
        const finals = events.filter((e) => e.id === row.id && e._eventType === 'finished').map((e) => e.status);
        expect({ id: row.id, finals: [...new Set(finals)] }).toEqual({ id: row.id, finals: [row.status] });
      }
    });
  });

  describe('submissions whose job Redis lost', () => {
    // As after a Redis restart without its data: the row says queued or running, no job exists.
    async function stranded(status: 'queued' | 'running', age = "interval '1 hour'"): Promise<string> {
      const saved = await ds.getRepository(SubmissionEntity).save({
        problemId: problem.problemId,
        languageId: 71,
        languageName: 'Python 3',
        sourceCode: 'print(3)',
        sourceLen: 8,
        status,
        verdict: 'PENDING',
        score: 0,
      });
      await ds.query(`UPDATE submissions SET updated_at = now() - ${age} WHERE id = $1`, [saved.id]);
      return saved.id;
    }

    it('are queued again, once however many workers reconcile at once, and graded', async () => {
      const queued = await stranded('queued');
      const running = await stranded('running');
      const fresh = await stranded('queued', "interval '0 seconds'");
      const reconciler = worker.get(SubmissionReconciler);
      const config = loadWorkerConfig({ JOB_LOCK_MS: '30000' });
      // Five workers' passes at the same moment.
      const others = Array.from({ length: 4 }, () => new SubmissionReconciler(queue, ds, worker.get(JudgeSubmissionService), config));
      const repaired = await Promise.all([reconciler, ...others].map((r) => r.reconcile()));
      expect(repaired.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(2);
      expect(await settled(queued)).toMatchObject({ status: 'accepted' });
      expect(await settled(running)).toMatchObject({ status: 'accepted' });
      expect(engine.grade).toHaveBeenCalledTimes(2);
      // A submission younger than a job lock may be between its insert and its job: left alone.
      expect(await ds.getRepository(SubmissionEntity).findOneByOrFail({ id: fresh })).toMatchObject({ status: 'queued' });
      await ds.getRepository(SubmissionEntity).delete({ id: fresh });
    });

    it('a job that failed without its result being written ends the submission failed with its reason', async () => {
      grader = async () => noTestResult('failed', 'Sandbox unavailable');
      const id = await enqueue();
      await settled(id);
      // As if the worker died between the job failing and its failed handler: no result written, nothing counted.
      await ds.query(
        `UPDATE submissions SET status = 'running', counted_at = NULL, counted_status = NULL, updated_at = now() - interval '1 hour' WHERE id = $1`,
        [id],
      );
      const before = await counters();
      expect(await worker.get(SubmissionReconciler).reconcile()).toBe(1);
      const row = await ds.getRepository(SubmissionEntity).findOneByOrFail({ id });
      expect(row).toMatchObject({ status: 'failed' });
      expect(row.resultSummary?.message).toBe('Sandbox unavailable');
      expect(row.countedAt).not.toBeNull();
      expect((await counters()).submissionCount).toBe(before.submissionCount + 1);
    });

    it('a rejudged one is queued for its current round, and a failure of its earlier round leaves it alone', async () => {
      const id = await stranded('queued');
      await ds.query(`UPDATE submissions SET judge_round = 2, updated_at = now() - interval '1 hour' WHERE id = $1`, [id]);
      await worker.get(JudgeSubmissionService).markFailed(id, 'An old job failed', 1);
      expect(await ds.getRepository(SubmissionEntity).findOneByOrFail({ id })).toMatchObject({ status: 'queued', countedAt: null });
      expect(await worker.get(SubmissionReconciler).reconcile()).toBe(1);
      expect(await settled(id)).toMatchObject({ status: 'accepted', judgeRound: 2 });
    });
  });

  describe('while PostgreSQL is down', () => {
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

    it('waits the outage out instead of spending attempts: graded once, written once the database is back', async () => {
      // The database goes away while the program runs, so the final write meets the outage; the old code spent
      // its three attempts (~1 s here) and then failed the submission.
      grader = async () => {
        await proxy.down();
        return ACCEPTED;
      };
      const failedBefore = await queue.getFailedCount();
      const before = await counters();
      const graded = await enqueue();
      for (let i = 0; i < 200 && !(engine.grade as jest.Mock).mock.calls.length; i++) await sleep(25);
      const waiting = await enqueue();
      await sleep(4000);
      expect(await ds.getRepository(SubmissionEntity).findOneByOrFail({ id: graded })).toMatchObject({
        status: 'running',
        countedAt: null,
      });
      await proxy.up();
      grader = async () => ACCEPTED;
      expect(await settled(graded)).toMatchObject({ status: 'accepted' });
      expect(await settled(waiting)).toMatchObject({ status: 'accepted' });
      expect(engine.grade).toHaveBeenCalledTimes(2);
      expect(await queue.getFailedCount()).toBe(failedBefore);
      const after = await counters();
      expect(after.submissionCount).toBe(before.submissionCount + 2);
    }, 40_000);

    it('ends a submission whose last attempt failed as failed once the database is back, without crashing', async () => {
      let calls = 0;
      grader = async () => {
        if (++calls === 3) await proxy.down();
        return noTestResult('failed', 'Sandbox unavailable');
      };
      const id = await enqueue();
      for (let i = 0; i < 400 && calls < 3; i++) await sleep(25);
      await sleep(2000);
      expect(await ds.getRepository(SubmissionEntity).findOneByOrFail({ id })).toMatchObject({ countedAt: null });
      await proxy.up();
      expect(await settled(id)).toMatchObject({ status: 'failed', verdict: 'FAILED' });
      expect(calls).toBe(3);
    }, 40_000);
  });
});

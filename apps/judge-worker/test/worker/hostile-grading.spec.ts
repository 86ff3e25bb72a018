import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { JudgeJobData } from '@oj/contracts';
import { ProblemEntity, SubmissionEntity, TestCaseEntity } from '@oj/db';
import { JUDGE_QUEUE } from '@oj/messaging';
import Bull, { Queue } from 'bull';
import { DataSource } from 'typeorm';

import { WorkerConfig } from '../../src/config/worker-config';
import { Grader } from '../../src/grading/grader';
import { GradeRequest } from '../../src/grading/requests';
import { WorkerModule } from '../../src/worker.module';
import { workerStores } from './worker-stores';

const C = 50;
const RUST = 73;
/** Slow enough per test that its runs are in flight while the hostile output is being checked. */
const INNOCENT =
  '#include <stdio.h>\n#include <unistd.h>\nint main(void){long a,b;usleep(150000);scanf("%ld %ld",&a,&b);printf("%ld\\n",a+b);return 0;}';
/** 200,000 spaces and an x: the old checker's /\s+$/ took about a minute over that line, on the worker's only thread. */
const SPACES_THEN_X = '#include <stdio.h>\nint main(void){for(int i=0;i<200000;i++)putchar(32);putchar(120);return 0;}';

/**
 * Hostile submissions through the whole worker (queue, local engine, real sandbox, database), with a job of an
 * innocent user graded beside them on the same worker.
 */
describe('judge worker: hostile submissions', () => {
  const stores = workerStores('hostile_test');
  let config: WorkerConfig;
  let worker: INestApplicationContext;
  let ds: DataSource;
  let queue: Queue<JudgeJobData>;
  let graded: jest.SpyInstance<ReturnType<Grader['grade']>, Parameters<Grader['grade']>>;
  let problem: ProblemEntity;

  beforeAll(async () => {
    await stores.create();
    config = stores.config({
      WORKER_CONCURRENCY: '2',
    });
    worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { logger: ['error'] });
    await worker.init();
    ds = worker.get(DataSource);
    graded = jest.spyOn(worker.get(Grader), 'grade');
    queue = new Bull<JudgeJobData>(JUDGE_QUEUE, { redis: stores.redisUrl, prefix: config.REDIS_PREFIX });
    problem = await ds
      .getRepository(ProblemEntity)
      .save({ title: 'Sum', statement: 's', difficulty: 'EASY' as const, cpuTimeLimit: 2, memoryLimit: 128 });
    await ds.getRepository(TestCaseEntity).save(
      Array.from({ length: 12 }, (_, i) => ({
        problemUuid: problem.id,
        position: i,
        input: `${i} 1\n`,
        output: `${i + 1}\n`,
        points: 1,
      })),
    );
  }, 60_000);

  afterAll(async () => {
    await worker?.close();
    await queue.close();
    await stores.drop();
  });

  async function submit(languageId: number, sourceCode: string): Promise<string> {
    const saved = await ds.getRepository(SubmissionEntity).save({
      problemId: problem.problemId,
      languageId,
      languageName: String(languageId),
      sourceCode,
      sourceLen: sourceCode.length,
      status: 'queued' as const,
      verdict: 'PENDING',
      score: 0,
      queuedAt: new Date(),
    });
    await queue.add(
      { submissionId: saved.id },
      { jobId: saved.id, attempts: 3, backoff: { type: 'exponential', delay: 2000 }, removeOnComplete: true, removeOnFail: 1000 },
    );
    return saved.id;
  }

  async function until(id: string, done: (row: SubmissionEntity) => boolean, timeoutMs = 150_000): Promise<SubmissionEntity> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const row = await ds.getRepository(SubmissionEntity).findOneByOrFail({ id });
      if (done(row)) return row;
      if (Date.now() > deadline) throw new Error(`submission ${id} still ${row.status}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const settled = (id: string) => until(id, (row) => row.countedAt !== null);
  const gradings = (sourceCode: string) =>
    graded.mock.calls.filter(([request]: [GradeRequest, ...unknown[]]) => request.sourceCode === sourceCode).length;

  it('200,000 spaces then x: a wrong answer, and an innocent submission graded meanwhile is accepted on its first attempt', async () => {
    const innocent = await submit(C, INNOCENT);
    await until(innocent, (row) => row.status === 'running');
    const hostile = await submit(C, `${SPACES_THEN_X}\n`);
    const [innocentRow, hostileRow] = await Promise.all([settled(innocent), settled(hostile)]);
    expect(hostileRow.status).toBe('wrong_answer');
    expect(innocentRow).toMatchObject({ status: 'accepted', score: 100 });
    expect(gradings(INNOCENT)).toBe(1);
  }, 180_000);

  it("a NUL in the compiler's message: a compile error with the NUL dropped, not a failed write", async () => {
    const id = await submit(RUST, 'fn main() { compile_error!("a\\0b"); }\n');
    const row = await settled(id);
    expect(row.status).toBe('ce');
    expect(row.resultSummary?.message).toContain('error: ab');
    expect(row.resultSummary?.message).not.toContain('\0');
  }, 180_000);
});

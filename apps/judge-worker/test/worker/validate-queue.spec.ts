import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Language, ValidateJobData, ValidationResult } from '@oj/contracts';
import { languagesKey, VALIDATE_QUEUE } from '@oj/messaging';
import Bull, { Queue } from 'bull';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';

import { WorkerConfig } from '../../src/config/worker-config';
import { ValidationService } from '../../src/validation/validation.service';
import { WorkerModule } from '../../src/worker.module';
import { liveBoxProcesses } from '../sandbox/live-boxes';
import { workerStores } from './worker-stores';

const tests = [
  { input: '1 2\n', output: '3\n', points: 1 },
  { input: '20 22\n', output: '42\n', points: 3 },
];
const sum = 'a, b = map(int, input().split())\nprint(a + b)';
const job = (sourceCode: string, languageId = 71): ValidateJobData => ({
  languageId,
  sourceCode,
  cpuTimeLimit: 1,
  memoryLimit: 64,
  testCases: tests,
});

/** The real worker (local engine) in this process, on a database and Redis prefix of its own. */
describe('judge worker: validate queue', () => {
  const stores = workerStores('worker_test');
  let config: WorkerConfig;
  let worker: INestApplicationContext | undefined;
  let queue: Queue<ValidateJobData>;
  let redis: Redis;

  beforeAll(async () => {
    await stores.create();
    config = stores.config({
      WORKER_CONCURRENCY: '2',
    });
    worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { logger: ['error'] });
    await worker.init();
    queue = new Bull<ValidateJobData>(VALIDATE_QUEUE, { redis: stores.redisUrl, prefix: config.REDIS_PREFIX });
    redis = new Redis(stores.redisUrl);
  }, 60_000);

  afterAll(async () => {
    await worker?.close();
    await queue.close();
    await redis?.quit();
    await stores.drop();
  });

  const run = async (data: ValidateJobData): Promise<ValidationResult> => (await queue.add(data)).finished();

  it('publishes the engine languages to Redis with a TTL', async () => {
    const key = languagesKey(config.REDIS_PREFIX);
    const languages = JSON.parse((await redis.get(key)) ?? '[]') as Language[];
    expect(languages).toEqual(expect.arrayContaining([{ id: 71, name: expect.stringMatching(/^Python \(3\./) }]));
    const ttl = await redis.ttl(key);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(90);
  });

  it('validates an accepted reference solution with Judge0 status codes, time, memory and points', async () => {
    const result = await run(job(sum));
    expect(result).toMatchObject({
      score: 100,
      cases: [
        { i: 0, s: 3, p: 1 },
        { i: 1, s: 3, p: 3 },
      ],
    });
    expect(result.cases[0].t).toEqual(expect.any(Number));
    expect(result.cases[0].m).toBeGreaterThan(0);
    expect(result.maxExecTimeMs).toBe(Math.max(...result.cases.map((c) => c.t as number)));
    expect(result.maxMemoryKb).toBe(Math.max(...result.cases.map((c) => c.m as number)));
  }, 30_000);

  it('reports wrong answers, runtime errors and time limits per case', async () => {
    expect(await run(job('print(3)'))).toMatchObject({
      score: 25,
      cases: [
        { i: 0, s: 3, p: 1 },
        { i: 1, s: 4, p: 0 },
      ],
    });
    expect((await run(job('raise SystemExit(3)'))).cases.map((c) => c.s)).toEqual([12, 12]);
    expect((await run(job('while True: pass'))).cases[0]).toMatchObject({ s: 5, p: 0 });
  }, 60_000);

  it('marks every case as a compile error and includes the compiler output', async () => {
    const result = await run(job('int main( {', 54));
    expect(result).toMatchObject({
      score: 0,
      cases: [
        { i: 0, s: 6, p: 0 },
        { i: 1, s: 6, p: 0 },
      ],
      maxExecTimeMs: null,
    });
    expect(result.compileOutput).toMatch(/error/);
  }, 30_000);

  it('runs validations in the ⌈WORKER_CONCURRENCY/2⌉ slots left beside the submissions’: with 2, one at a time', async () => {
    const slow = job('import time\ntime.sleep(0.8)\na, b = map(int, input().split())\nprint(a + b)');
    const started: number[] = [];
    const ended: number[] = [];
    const validation = worker?.get(ValidationService) as ValidationService;
    const realValidate = validation.validate.bind(validation);
    validation.validate = async (data, signal) => {
      started.push(Date.now());
      try {
        return await realValidate(data, signal);
      } finally {
        ended.push(Date.now());
      }
    };
    try {
      const jobs = await Promise.all([queue.add(slow), queue.add(slow)]);
      await Promise.all(jobs.map((j) => j.finished()));
    } finally {
      validation.validate = realValidate;
    }
    // The second started only once the first had ended.
    expect(started[1]).toBeGreaterThanOrEqual(ended[0]);
  }, 30_000);

  it('on shutdown lets the running job finish, with the database still open to record it', async () => {
    const validation = worker?.get(ValidationService) as ValidationService;
    const dataSource = worker?.get(DataSource) as DataSource;
    const realValidate = validation.validate.bind(validation);
    // Like a judging job, this one still writes to the database after its run.
    validation.validate = async (data) => {
      const result = await realValidate(data);
      await dataSource.query('SELECT 1');
      return result;
    };
    const running = await queue.add(job('import time\ntime.sleep(0.5)\nprint(3)'));
    while (!(await running.isActive())) await new Promise((r) => setTimeout(r, 20));
    await worker?.close();
    worker = undefined;
    expect(await running.finished()).toMatchObject({ score: 25 });
    // The engine closed after the job, not under it: the slot the job gave back was closed too.
    expect(await liveBoxProcesses()).toEqual([]);
  }, 30_000);
});

import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { JUDGE0_NO_INTERACTIVE, ValidateJobData } from '@oj/contracts';
import { CHECKER_COMPILE_QUEUE, languagesKey, VALIDATE_QUEUE } from '@oj/messaging';
import Bull, { Queue } from 'bull';
import Redis from 'ioredis';

import { WorkerConfig } from '../../src/config/worker-config';
import { JUDGE_ENGINE, JudgeEngine } from '../../src/engines/judge-engine';
import { WorkerModule } from '../../src/worker.module';
import { workerStores } from '../worker/worker-stores';
import { FAKE_LANGUAGES, FakeJudge0Server } from './fake-judge0-server';

/** The whole worker with JUDGE_ENGINE=judge0: its languages and validation come from the Judge0 server. */
describe('judge worker on the judge0 engine', () => {
  const stores = workerStores('worker_judge0');
  const server = new FakeJudge0Server({ authToken: 'token', pollsBeforeDone: 1 });
  let config: WorkerConfig;
  let worker: INestApplicationContext;
  let queue: Queue<ValidateJobData>;
  let redis: Redis;

  beforeAll(async () => {
    const judge0Url = await server.start();
    await stores.create();
    config = stores.config({
      JUDGE_ENGINE: 'judge0',
      JUDGE0_URL: judge0Url,
      JUDGE0_AUTH_TOKEN: 'token',
      WORKER_CONCURRENCY: '1',
    });
    worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { logger: ['error'] });
    await worker.init();
    queue = new Bull<ValidateJobData>(VALIDATE_QUEUE, { redis: stores.redisUrl, prefix: config.REDIS_PREFIX });
    redis = new Redis(stores.redisUrl);
  }, 30_000);

  afterAll(async () => {
    await worker.close();
    await queue.close();
    await redis?.quit();
    await server.stop();
    await stores.drop();
  });

  it("uses the Judge0 engine and publishes Judge0's languages", async () => {
    expect(worker.get<JudgeEngine>(JUDGE_ENGINE).name).toBe('judge0');
    expect(JSON.parse((await redis.get(languagesKey(config.REDIS_PREFIX))) ?? 'null')).toEqual(FAKE_LANGUAGES);
  });

  it('validates through Judge0, reporting its status codes, time and memory', async () => {
    const job = await queue.add({
      languageId: 71,
      sourceCode: 'SUM',
      cpuTimeLimit: 1,
      memoryLimit: 64,
      testCases: [
        { input: '1 2\n', output: '3\n', points: 1 },
        { input: '2 2\n', output: '5\n', points: 1 },
      ],
    });
    expect(await job.finished()).toEqual({
      score: 50,
      cases: [
        { i: 0, s: 3, t: 14, m: 3004, p: 1 },
        { i: 1, s: 4, t: 14, m: 3004, p: 0 },
      ],
      maxExecTimeMs: 14,
      maxMemoryKb: 3004,
    });
  });

  it('fails the job with Judge0 trouble, so the API can tell the author', async () => {
    const job = await queue.add({
      languageId: 999,
      sourceCode: 'SUM',
      cpuTimeLimit: 1,
      memoryLimit: 64,
      testCases: [{ input: '', output: '', points: 1 }],
    });
    await expect(job.finished()).rejects.toThrow("Judge0 rejected the submissions: language_id language with id 999 doesn't exist (422).");
  });

  it('refuses an interactor when the API asks to compile one, naming the engine, so the problem is not saved', async () => {
    const checkers = new Bull(CHECKER_COMPILE_QUEUE, { redis: stores.redisUrl, prefix: config.REDIS_PREFIX });
    try {
      const job = await checkers.add({ source: 'int main(){}', languageId: 54, role: 'interactor' });
      expect(await job.finished()).toEqual({ compiled: false, compilerOutput: '', refusal: JUDGE0_NO_INTERACTIVE });
      expect(JUDGE0_NO_INTERACTIVE).toMatch(/JUDGE_ENGINE=judge0/);
    } finally {
      await checkers.close();
    }
  });
});

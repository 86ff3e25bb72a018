import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { TestApp } from '@oj/api-testing';

import { loadWorkerConfig } from '../../judge-worker/src/config/worker-config';
import { WorkerModule } from '../../judge-worker/src/worker.module';

/** A real judge worker (local engine) in this process, on the test app's database and Redis prefix. */
export async function startWorker(t: TestApp, env: Record<string, string> = {}): Promise<INestApplicationContext> {
  const config = loadWorkerConfig({
    NODE_ENV: 'test',
    DATABASE_URL: t.config.DATABASE_URL,
    REDIS_URL: t.config.REDIS_URL,
    REDIS_PREFIX: t.config.REDIS_PREFIX,
    WORKER_CONCURRENCY: '1',
    LOG_LEVEL: process.env.TEST_LOGS ? 'info' : 'error',
    ...env,
  });
  const worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { logger: ['error'] });
  await worker.init();
  return worker;
}

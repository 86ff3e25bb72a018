import { ConsoleLogger, Logger } from '@nestjs/common';
import { NestExpressApplication } from '@nestjs/platform-express';
import { dropDatabase } from '@oj/db';
import { randomBytes } from 'crypto';
import Redis from 'ioredis';
// nestjs-pino's own reset for tests, from the module its logger keeps the process's logger in
import { __resetOutOfContextForTests } from 'nestjs-pino/PinoLogger';
import request from 'supertest';

import { configureApp, createApiApp } from '../../src/app-setup';
import { AppConfig, loadAppConfig } from '../../src/config/app-config';
import { createTestDatabase } from './test-database';

const BASE_DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestApp {
  app: NestExpressApplication;
  config: AppConfig;
  http: () => ReturnType<typeof request>;
  close: () => Promise<void>;
}

/** Test apps open in this process: the first of them logs what its Nest loggers write outside a request. */
let openApps = 0;

/**
 * A real API on a database of its own (created, migrated, dropped afterwards) and its own Redis key
 * prefix, so test files run side by side and leave nothing behind.
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const suffix = randomBytes(5).toString('hex');
  const url = new URL(BASE_DATABASE_URL);
  url.pathname = `/oj_test_${suffix}`;
  // A replica of another test app passes that app's DATABASE_URL (and REDIS_PREFIX) and leaves them alone on close.
  const sharedDatabase = env.DATABASE_URL;
  const databaseUrl = sharedDatabase ?? url.toString();
  if (!sharedDatabase) await createTestDatabase(databaseUrl);
  const config = loadAppConfig({
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `oj_test_${suffix}`,
    SEED_DEMO: 'false',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    PASSWORD_CHANGES_PER_MINUTE: '1000',
    SUBMISSIONS_PER_MINUTE: '1000',
    CHECKER_TRIALS_PER_MINUTE: '1000',
    VALIDATIONS_PER_MINUTE: '1000',
    LOG_LEVEL: process.env.TEST_LOGS ? 'info' : 'error',
    ...env,
  });
  if (openApps === 0) freshLogging();
  const app = await createApiApp(config, {
    logger: process.env.TEST_LOGS ? ['error', 'warn', 'log'] : ['error'],
  });
  configureApp(app, config);
  await app.init();
  openApps++;
  return {
    app,
    config,
    http: () => request(app.getHttpServer()),
    close: async () => {
      await app.close();
      openApps--;
      if (sharedDatabase) return;
      await clearRedisPrefix(config);
      await dropDatabase(databaseUrl);
    },
  };
}

/**
 * The logging of a process no app has run in yet. Test files share a process under the shared-modules runner
 * (tools/jest/shared-modules), and two loggers outlive their app: nestjs-pino sends the log lines Nest writes outside
 * a request to the first app's pino logger of the process, for good, and Nest's static Logger is the last app's
 * (`useLogger`). Without this, a file asking for warnings (LOG_LEVEL) would see them at an earlier file's level,
 * written to an earlier file's logger.
 */
function freshLogging(): void {
  __resetOutOfContextForTests();
  Logger.overrideLogger(new ConsoleLogger());
}

async function clearRedisPrefix(config: AppConfig): Promise<void> {
  const redis = new Redis(config.REDIS_URL);
  try {
    const keys = await redis.keys(`${config.REDIS_PREFIX}*`);
    if (keys.length) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

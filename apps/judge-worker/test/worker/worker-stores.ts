import { dropDatabase, migrate } from '@oj/db';
import { randomBytes } from 'crypto';
import Redis from 'ioredis';

import { loadWorkerConfig, WorkerConfig } from '../../src/config/worker-config';

/**
 * A test file's own database and Redis prefix for the workers it starts, and the configuration on them: on the
 * services the run chose (DATABASE_URL and REDIS_URL, set by tools/jest/test-services.js; local ones otherwise).
 */
export interface WorkerStores {
  databaseUrl: string;
  redisUrl: string;
  prefix: string;
  /** Creates and migrates the database. */
  create(): Promise<void>;
  /** A worker's configuration on these stores (one slot, errors logged only), with `extra` over it. */
  config(extra?: Record<string, string>): WorkerConfig;
  /** Clears the prefix's keys and drops the database; called once the file's workers are closed. */
  drop(): Promise<void>;
}

export function workerStores(label: string): WorkerStores {
  const suffix = randomBytes(5).toString('hex');
  const prefix = `oj_${label}_${suffix}`;
  const database = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  database.pathname = `/${prefix}`;
  const databaseUrl = database.toString();
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  return {
    databaseUrl,
    redisUrl,
    prefix,
    create: async () => {
      await migrate(databaseUrl);
    },
    config: (extra = {}) =>
      loadWorkerConfig({
        NODE_ENV: 'test',
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl,
        REDIS_PREFIX: prefix,
        WORKER_CONCURRENCY: '1',
        LOG_LEVEL: 'error',
        ...extra,
      }),
    drop: async () => {
      const redis = new Redis(redisUrl);
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
      await dropDatabase(databaseUrl);
    },
  };
}

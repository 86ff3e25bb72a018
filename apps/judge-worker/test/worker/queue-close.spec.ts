import { getQueueToken } from '@nestjs/bull';
import { dropDatabase, migrate } from '@oj/db';
import { QUEUE_NAMES } from '@oj/messaging';
import { Queue } from 'bull';
import { randomBytes } from 'crypto';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';

import { loadWorkerConfig } from '../../src/config/worker-config';
import { startWorkerApp } from '../../src/operations/worker-app';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * A worker's stop: each close of a queue it takes jobs from waits for the running jobs and about half a second for
 * Bull's blocked connection, so they are closed together, and all before the database connection they write through.
 */
describe('a stopping worker closes its queues', () => {
  const suffix = randomBytes(5).toString('hex');
  const databaseUrl = `postgres://postgres@127.0.0.1:5432/oj_queue_close_${suffix}`;
  const prefix = `oj_queue_close_${suffix}`;

  beforeAll(() => migrate(databaseUrl), 60_000);
  afterAll(async () => {
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
    await dropDatabase(databaseUrl);
  });

  it('together, every one started before any has ended, and before the database closes', async () => {
    const worker = await startWorkerApp(
      loadWorkerConfig({
        NODE_ENV: 'test',
        DATABASE_URL: databaseUrl,
        REDIS_URL,
        REDIS_PREFIX: prefix,
        WORKER_CONCURRENCY: '1',
        LOG_LEVEL: 'error',
        WORKER_HTTP_PORT: 'off',
      }),
    );
    const events: string[] = [];
    for (const name of QUEUE_NAMES) {
      const queue = worker.app.get<Queue>(getQueueToken(name));
      const close = queue.close.bind(queue);
      jest.spyOn(queue, 'close').mockImplementation(async (doNotWaitJobs?: boolean) => {
        events.push(`start ${name}`);
        await close(doNotWaitJobs);
        events.push(`end ${name}`);
      });
    }
    const dataSource = worker.app.get(DataSource);
    const destroy = dataSource.destroy.bind(dataSource);
    jest.spyOn(dataSource, 'destroy').mockImplementation(() => {
      events.push('database');
      return destroy();
    });
    await worker.app.close();

    const firstEnd = events.findIndex((event) => event.startsWith('end '));
    for (const name of QUEUE_NAMES) expect(events.indexOf(`start ${name}`)).toBeLessThan(firstEnd);
    const lastEnd = events.map((event) => event.startsWith('end ')).lastIndexOf(true);
    expect(events.indexOf('database')).toBeGreaterThan(lastEnd);
  }, 60_000);
});

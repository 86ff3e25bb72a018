import Bull from 'bull';
import { randomBytes } from 'crypto';
import Redis from 'ioredis';

import { takeJobs } from '../../src/queue/take-jobs';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Queues closed 0, 1, … ms after takeJobs resolves; each close waits out Bull's 500 ms for its blocked connection. */
const QUEUES = 6;

/**
 * A worker stopped a moment after it started. Bull alone, closed at once, left a connection open every time (it
 * reconnects its blocking connection after the close began), and closed 0–5 ms later rejected the connection's name
 * with nobody to catch it about one time in six.
 */
describe('takeJobs: a queue closed just after it starts taking jobs', () => {
  const prefix = `oj_take_jobs_${randomBytes(5).toString('hex')}`;
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);

  beforeAll(() => process.on('unhandledRejection', onUnhandled));

  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('closes every connection and leaves no rejection unhandled', async () => {
    const queues: Bull.Queue[] = [];
    // One at a time: started together, their connections' handshakes overlap and the race is rarely met.
    for (let delayMs = 0; delayMs < QUEUES; delayMs++) {
      const queue = new Bull(`q${delayMs}`, { redis: REDIS_URL, prefix });
      queues.push(queue);
      await takeJobs(
        queue,
        1,
        async () => 'done',
        () => undefined,
      );
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      await queue.close();
    }
    // A connection Bull left behind reconnects after its close; give it the time to.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const open = queues.flatMap((queue, i) =>
      queue.clients.filter((client) => client.status !== 'end').map((client) => `q${i}: ${client.status}`),
    );
    expect(open).toEqual([]);
    expect(unhandled).toEqual([]);
  }, 60_000);
});

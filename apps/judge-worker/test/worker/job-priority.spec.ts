import { JUDGE_QUEUE, judgeJobOptions } from '@oj/messaging';
import Bull from 'bull';
import { randomBytes } from 'crypto';
import Redis from 'ioredis';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The judge queue's options as Bull applies them: rejudges wait behind every fresh submission, whenever queued. */
describe('judge queue priorities', () => {
  const prefix = `oj_priority_test_${randomBytes(5).toString('hex')}`;
  const queue = new Bull(JUDGE_QUEUE, { redis: REDIS_URL, prefix });

  afterAll(async () => {
    await queue.close();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('takes the waiting submissions first, in their order, then the rejudges in theirs', async () => {
    await queue.add({ n: 'rejudge 1' }, judgeJobOptions(`r1-${prefix}`, 1));
    await queue.add({ n: 'submission 1' }, judgeJobOptions(`s1-${prefix}`));
    await queue.add({ n: 'rejudge 2' }, judgeJobOptions(`r2-${prefix}`, 1));
    await queue.add({ n: 'submission 2' }, judgeJobOptions(`s2-${prefix}`));
    const order: string[] = [];
    await new Promise<void>((resolve) => {
      void queue.process('*', 1, async (job) => {
        order.push(job.data.n);
        if (order.length === 4) resolve();
      });
    });
    expect(order).toEqual(['submission 1', 'submission 2', 'rejudge 1', 'rejudge 2']);
  });
});

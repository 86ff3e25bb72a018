import Queue from 'bull';
import { randomBytes } from 'crypto';
import Redis from 'ioredis';

import {
  CHECKER_COMPILE_JOB_OPTIONS,
  CHECKER_COMPILE_QUEUE,
  JUDGE_QUEUE,
  judgeJobOptions,
  QUEUE_NAMES,
  queueConnection,
  queueListKey,
  RATINGS_QUEUE,
  ratingsJobOptions,
  RUN_JOB_OPTIONS,
  RUN_QUEUE,
  SIMILARITY_QUEUE,
  similarityJobOptions,
  VALIDATE_JOB_OPTIONS,
  VALIDATE_QUEUE,
} from './queues';

describe('queues', () => {
  it('names the six queues the API fills and the workers consume; runs are not on the judge queue', () => {
    expect(QUEUE_NAMES).toEqual([JUDGE_QUEUE, RUN_QUEUE, VALIDATE_QUEUE, CHECKER_COMPILE_QUEUE, SIMILARITY_QUEUE, RATINGS_QUEUE]);
    expect(QUEUE_NAMES).toEqual(['judge', 'run', 'validate', 'checker-compile', 'similarity', 'ratings']);
  });

  it('computes a similarity report once, in a job named after it', () => {
    expect(similarityJobOptions('r-1')).toEqual({ jobId: 'r-1', attempts: 1, removeOnComplete: true, removeOnFail: 100 });
  });

  it('gives the changes of one window one delayed recompute, and a later change the next window', () => {
    const first = ratingsJobOptions(1_000_000);
    expect(first).toMatchObject({ jobId: 'ratings:200', delay: 6_000 });
    expect(ratingsJobOptions(1_004_999).jobId).toBe('ratings:200');
    expect(ratingsJobOptions(1_004_999).delay).toBe(1_001);
    expect(ratingsJobOptions(1_005_000).jobId).toBe('ratings:201');
  });

  it('keeps a site’s queues under its Redis prefix', () => {
    expect(queueConnection({ REDIS_URL: 'redis://cache:6379', REDIS_PREFIX: 'site-a' })).toEqual({
      redis: 'redis://cache:6379',
      prefix: 'site-a',
    });
  });

  it('judges a submission in one job named after it, with three attempts and back-off', () => {
    expect(judgeJobOptions('sub-1')).toEqual({
      jobId: 'sub-1',
      priority: 1,
      attempts: 3,
      backoff: { type: 'exponential', delay: 2000 },
      removeOnComplete: true,
      removeOnFail: 1000,
    });
  });

  it('rejudges under a job id of its round, behind every fresh submission', () => {
    expect(judgeJobOptions('sub-1', 2)).toMatchObject({ jobId: 'sub-1:rejudge:2', priority: 10, attempts: 3 });
  });

  it('tries what the API waits for once, and keeps it a minute so a job that ends at once is still found', () => {
    for (const options of [VALIDATE_JOB_OPTIONS, CHECKER_COMPILE_JOB_OPTIONS, RUN_JOB_OPTIONS]) {
      expect(options).toMatchObject({ attempts: 1, removeOnComplete: { age: 60 }, removeOnFail: { age: 60 } });
    }
  });

  it('names the Redis lists Bull keeps a queue’s waiting (prioritised included) and active jobs in', async () => {
    const REDIS_PREFIX = `queue-keys-${randomBytes(4).toString('hex')}`;
    const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    const queue = new Queue(JUDGE_QUEUE, queueConnection({ REDIS_URL, REDIS_PREFIX }));
    const redis = new Redis(REDIS_URL);
    try {
      expect(queueListKey(REDIS_PREFIX, JUDGE_QUEUE, 'wait')).toBe(queue.toKey('wait'));
      expect(queueListKey(REDIS_PREFIX, JUDGE_QUEUE, 'active')).toBe(queue.toKey('active'));
      await queue.add({}, judgeJobOptions('sub-1'));
      await queue.add({}, judgeJobOptions('sub-2', 1));
      await queue.add({}, judgeJobOptions('sub-3'));
      expect(await redis.llen(queueListKey(REDIS_PREFIX, JUDGE_QUEUE, 'wait'))).toBe(3);
      await queue.getNextJob();
      expect(await redis.llen(queueListKey(REDIS_PREFIX, JUDGE_QUEUE, 'wait'))).toBe(2);
      expect(await redis.llen(queueListKey(REDIS_PREFIX, JUDGE_QUEUE, 'active'))).toBe(1);
    } finally {
      await queue.obliterate({ force: true });
      await queue.close();
      redis.disconnect();
    }
  });
});

import { cancelJob, RUN_QUEUE } from '@oj/messaging';
import Bull, { Job } from 'bull';
import { randomBytes } from 'crypto';
import Redis from 'ioredis';

import { WorkerConfig } from '../../src/config/worker-config';
import { JobCancellations, JobCancelledError } from '../../src/queue/job-cancellations';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The worker's side of cancelJob on a real Redis: a cancel reaches the job's signal, however it races its start. */
describe('job cancellations', () => {
  const prefix = `oj_cancel_test_${randomBytes(5).toString('hex')}`;
  const queue = new Bull(RUN_QUEUE, { redis: REDIS_URL, prefix });
  const cancellations = new JobCancellations({ REDIS_URL } as WorkerConfig);

  beforeAll(() => cancellations.listen([queue]));
  afterAll(async () => {
    await cancellations.onApplicationShutdown();
    await queue.close();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  /**
   * Work that runs until its signal aborts, and says when it has started. Its outcome is what the job ended with
   * (caught at once: the cancel may land before the test awaits it).
   */
  function untilCancelled(job: Job) {
    let started = () => undefined as void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const outcome = cancellations.run(
      job,
      (signal) =>
        new Promise((_, reject) => {
          signal.addEventListener('abort', () => reject(signal.reason));
          started();
        }),
    );
    return {
      running,
      outcome: outcome.then(
        () => 'answered',
        (error: unknown) => error,
      ),
    };
  }

  it('aborts a running job when its cancel is published', async () => {
    const job = await queue.add({});
    const { running, outcome } = untilCancelled(job);
    await running;
    await cancelJob(job);
    expect(await outcome).toBeInstanceOf(JobCancelledError);
  });

  it('never starts the work of a job cancelled before it got here', async () => {
    const job = await queue.add({});
    await cancelJob(job);
    let ran = false;
    await expect(cancellations.run(job, async (signal) => void (ran = !signal.aborted))).rejects.toBeInstanceOf(JobCancelledError);
    expect(ran).toBe(false);
  });

  it('lets the other jobs answer, and ends a job cancelled as it answered without its answer', async () => {
    const [kept, other] = await Promise.all([queue.add({}), queue.add({})]);
    const { running, outcome } = untilCancelled(other);
    await running;
    await expect(cancellations.run(kept, async () => 'answer')).resolves.toBe('answer');
    await cancelJob(other);
    expect(await outcome).toBeInstanceOf(JobCancelledError);
    const late = await queue.add({});
    await expect(
      cancellations.run(late, async () => {
        await cancelJob(late);
        await new Promise((r) => setTimeout(r, 200));
        return 'too late';
      }),
    ).rejects.toBeInstanceOf(JobCancelledError);
  });
});

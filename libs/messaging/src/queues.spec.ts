import {
  CHECKER_COMPILE_JOB_OPTIONS,
  CHECKER_COMPILE_QUEUE,
  JUDGE_QUEUE,
  judgeJobOptions,
  QUEUE_NAMES,
  queueConnection,
  RATINGS_QUEUE,
  ratingsJobOptions,
  RUN_JOB_OPTIONS,
  RUN_QUEUE,
  VALIDATE_JOB_OPTIONS,
  VALIDATE_QUEUE,
} from './queues';

describe('queues', () => {
  it('names the five queues the API fills and the workers consume; runs are not on the judge queue', () => {
    expect(QUEUE_NAMES).toEqual([JUDGE_QUEUE, RUN_QUEUE, VALIDATE_QUEUE, CHECKER_COMPILE_QUEUE, RATINGS_QUEUE]);
    expect(QUEUE_NAMES).toEqual(['judge', 'run', 'validate', 'checker-compile', 'ratings']);
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
});

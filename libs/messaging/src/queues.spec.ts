import {
  CHECKER_COMPILE_QUEUE,
  JUDGE_QUEUE,
  judgeJobOptions,
  QUEUE_NAMES,
  queueConnection,
  VALIDATE_JOB_OPTIONS,
  VALIDATE_QUEUE,
} from './queues';

describe('queues', () => {
  it('names the three queues the API fills and the workers consume', () => {
    expect(QUEUE_NAMES).toEqual([JUDGE_QUEUE, VALIDATE_QUEUE, CHECKER_COMPILE_QUEUE]);
    expect(QUEUE_NAMES).toEqual(['judge', 'validate', 'checker-compile']);
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

  it('tries a validation once and keeps nothing of it', () => {
    expect(VALIDATE_JOB_OPTIONS).toEqual({ removeOnComplete: true, removeOnFail: true, attempts: 1 });
  });
});

import type { JobOptions, QueueOptions } from 'bull';

/** Bull queue names shared by the API (producer) and the worker (consumer). */
export const JUDGE_QUEUE = 'judge';
export const VALIDATE_QUEUE = 'validate';
/** A problem's custom checker compiled on a worker before the problem is saved. */
export const CHECKER_COMPILE_QUEUE = 'checker-compile';
export const QUEUE_NAMES = [JUDGE_QUEUE, VALIDATE_QUEUE, CHECKER_COMPILE_QUEUE] as const;

/** Where a site's queues live: its Redis, under its key prefix (so sites and test runs can share one Redis). */
export function queueConnection(config: { REDIS_URL: string; REDIS_PREFIX: string }): Pick<QueueOptions, 'redis' | 'prefix'> {
  return { redis: config.REDIS_URL, prefix: config.REDIS_PREFIX };
}

/**
 * Bull priorities (1 is served first). Every judge job has one: Bull serves a job without a priority after all
 * prioritised ones, so a fresh submission would otherwise wait behind a whole rejudge.
 */
export const SUBMISSION_JOB_PRIORITY = 1;
export const REJUDGE_JOB_PRIORITY = 10;

/**
 * Bull options of a submission's judge job, the same whether the API or a worker's reconciler adds it: the job id
 * is the submission id (with its rejudge round after the first grading), so adding it twice is a no-op and a
 * rejudge never meets the first job, which may still be kept; three grading attempts with back-off (2 s, 4 s).
 */
export function judgeJobOptions(submissionId: string, round = 0): JobOptions & { jobId: string } {
  return {
    jobId: round ? `${submissionId}:rejudge:${round}` : submissionId,
    priority: round ? REJUDGE_JOB_PRIORITY : SUBMISSION_JOB_PRIORITY,
    attempts: 3,
    backoff: { type: 'exponential', delay: 2000 },
    removeOnComplete: true,
    removeOnFail: 1000,
  };
}

/** A validation is tried once (the author is waiting for its answer) and leaves nothing behind in Redis. */
export const VALIDATE_JOB_OPTIONS: JobOptions = { removeOnComplete: true, removeOnFail: true, attempts: 1 };

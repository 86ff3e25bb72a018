import type { RatingsJobData } from '@oj/contracts';
import type { JobOptions, Queue, QueueOptions } from 'bull';

/**
 * Bull queue names shared by the API (producer) and the worker (consumer). Besides the judge queue, the queues
 * hold what a caller waits for (runs, validations, checker compiles and trials): a worker gives those one shared
 * share of its slots, apart from the submissions', and cancels their jobs when their caller goes (cancelJob).
 */
export const JUDGE_QUEUE = 'judge';
/** Runs on custom input (POST /api/judge/run): a queue of their own, so they never take a submission's slot. */
export const RUN_QUEUE = 'run';
export const VALIDATE_QUEUE = 'validate';
/** A problem's custom checker compiled on a worker before the problem is saved. */
export const CHECKER_COMPILE_QUEUE = 'checker-compile';
/** Rating recomputes (libs/db ratings.ts), taken one at a time by a worker: never in the API's event loop. */
export const RATINGS_QUEUE = 'ratings';
/** Similarity reports (issue 36): one at a time per worker, beside the submissions' slots. */
export const SIMILARITY_QUEUE = 'similarity';
export const QUEUE_NAMES = [JUDGE_QUEUE, RUN_QUEUE, VALIDATE_QUEUE, CHECKER_COMPILE_QUEUE, SIMILARITY_QUEUE, RATINGS_QUEUE] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

/**
 * Bull's Redis list of a queue's jobs waiting for a worker (`wait`, prioritised jobs included) or held by one
 * (`active`), under the site's prefix: what an autoscaler outside the app reads (KEDA's Redis list scaler in
 * deploy/kubernetes). Bull names it `<prefix>:<queue>:<list>` (Queue#toKey).
 */
export function queueListKey(redisPrefix: string, queue: QueueName, list: 'wait' | 'active'): string {
  return `${redisPrefix}:${queue}:${list}`;
}

/** Where a site's queues live: its Redis, under its key prefix (so sites and test runs can share one Redis). */
export function queueConnection(config: { REDIS_URL: string; REDIS_PREFIX: string }): Pick<QueueOptions, 'redis' | 'prefix'> {
  return { redis: config.REDIS_URL, prefix: config.REDIS_PREFIX };
}

/**
 * Bull priorities of the judge queue's jobs (1 is taken first): fresh submissions, then rejudges, however many.
 * Every job there carries one: Bull serves a job without a priority after all prioritised ones.
 */
export const JOB_PRIORITY = { submission: 1, rejudge: 10 } as const;

/**
 * What the API waits for (validations, checker compiles, custom runs) is tried once and kept a minute after it
 * ends: a job removed the moment it ends can end before Bull's job.finished() has subscribed (a cached checker
 * compiles in 0 ms), and the request would wait for nothing; kept, finished() finds it ended instead.
 */
const ANSWERED_JOB: JobOptions = { attempts: 1, removeOnComplete: { age: 60 }, removeOnFail: { age: 60 } };

/** A custom-input run (the API cancels it when it stops waiting). */
export const RUN_JOB_OPTIONS: JobOptions = ANSWERED_JOB;

/**
 * Bull options of a submission's judge job, the same whether the API or a worker's reconciler adds it: the job id
 * is the submission id (with its rejudge round after the first grading), so adding it twice is a no-op and a
 * rejudge never meets the first job, which may still be kept; three grading attempts with back-off (2 s, 4 s).
 */
export function judgeJobOptions(submissionId: string, round = 0): JobOptions & { jobId: string } {
  return {
    jobId: round ? `${submissionId}:rejudge:${round}` : submissionId,
    priority: round ? JOB_PRIORITY.rejudge : JOB_PRIORITY.submission,
    attempts: 3,
    backoff: { type: 'exponential', delay: 2000 },
    removeOnComplete: true,
    removeOnFail: 1000,
  };
}

/** A validation of a problem's tests: the author is waiting for its answer. */
export const VALIDATE_JOB_OPTIONS: JobOptions = ANSWERED_JOB;

/** A custom checker compiled (and tried) before the problem is saved. */
export const CHECKER_COMPILE_JOB_OPTIONS: JobOptions = ANSWERED_JOB;

/**
 * A similarity report: the job id is the report's, so a report is computed once; tried once (a report that fails
 * says why on its row, and the admin asks again), removed when done.
 */
export function similarityJobOptions(reportId: string): JobOptions & { jobId: string } {
  return { jobId: reportId, attempts: 1, removeOnComplete: true, removeOnFail: 100 };
}

/** Changes asked for within one window share one recompute, which runs once the window has passed. */
export const RATINGS_DEBOUNCE_MS = 5_000;

/**
 * A recompute asked for now: one job per RATINGS_DEBOUNCE_MS window, delayed to the window's end (plus a second), so
 * every change of a window is committed before its job reads the boards, and a change after the job started falls in
 * the next window's job.
 */
export function ratingsJobOptions(now = Date.now()): JobOptions & { jobId: string } {
  const window = Math.floor(now / RATINGS_DEBOUNCE_MS);
  return {
    jobId: `ratings:${window}`,
    delay: (window + 1) * RATINGS_DEBOUNCE_MS - now + 1_000,
    attempts: 3,
    backoff: { type: 'exponential', delay: 5_000 },
    removeOnComplete: true,
    removeOnFail: 100,
  };
}

/**
 * Asks the workers to bring the ratings up to date (ratingsJobOptions: gathered per window), after a change that may
 * move a rated contest's final standings: an edit, an unfreeze, a deletion (the API), a result written after the
 * results became final, as a rejudge's (the worker). A lost ask costs a delay, not the caller's work: the workers'
 * minute sweep catches it, so a Redis error is logged, never thrown.
 */
export async function askRatingsRecompute(
  queue: Queue<RatingsJobData>,
  reason: string,
  logger: { warn: (message: string) => void },
): Promise<void> {
  await queue
    .add({ reason }, ratingsJobOptions())
    .catch((error) => logger.warn(`Could not ask for a ratings recompute (${reason}): ${error}`));
}

/**
 * The sweep every worker schedules (Bull keeps one repeatable job per key): it catches contests whose results became
 * final by the clock (their end passing), within a minute, and whatever an ask lost (askRatingsRecompute).
 */
export const RATINGS_SWEEP_JOB: JobOptions = {
  repeat: { every: 60_000 },
  jobId: 'ratings:sweep',
  removeOnComplete: true,
  removeOnFail: 100,
};

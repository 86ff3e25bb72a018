import { SubmissionStatus } from './submission-status';

/** Bull queue names shared by the API (producer) and the worker (consumer). */
export const JUDGE_QUEUE = 'judge';
export const VALIDATE_QUEUE = 'validate';

/** Redis key (under the site's prefix) where workers publish the languages of their engine. */
export function languagesKey(redisPrefix: string): string {
  return `${redisPrefix}:languages`;
}
/** Seconds a published language list stays valid without a live worker refreshing it. */
export const LANGUAGES_TTL_SECONDS = 90;

export interface Language {
  id: number;
  name: string;
}

export interface TestCaseData {
  input: string;
  output: string;
  points: number;
}

/** Id of the HTTP request that caused a job: the worker logs it on every line about the job. */
export interface TracedJobData {
  requestId?: string;
}

export interface JudgeJobData extends TracedJobData {
  submissionId: string;
}

/**
 * Bull options of a submission's judge job, the same whether the API or a worker's reconciler adds it: the job id
 * is the submission id, so adding it twice is a no-op; three grading attempts with back-off (2 s, 4 s).
 */
export function judgeJobOptions(submissionId: string) {
  return { jobId: submissionId, attempts: 3, backoff: { type: 'exponential', delay: 2000 }, removeOnComplete: true, removeOnFail: 1000 };
}

/** A reference solution and tests to validate (the body of POST /api/judge/validate). */
export interface ValidateRequest {
  languageId: number;
  sourceCode: string;
  cpuTimeLimit: number;
  memoryLimit: number;
  testCases: TestCaseData[];
}

export interface ValidateJobData extends TracedJobData, ValidateRequest {}

/** One graded test as stored on a submission (`testCaseResults`). */
export interface TestCaseResult {
  index: number;
  status: SubmissionStatus;
  timeMs: number | null;
  memoryKB: number | null;
  points: number;
  message?: string;
}

/** Outcome of grading a source against a set of tests, engine-independent. */
export interface GradeResult {
  status: SubmissionStatus;
  score: number;
  runtimeMs: number | null;
  memoryKB: number | null;
  testCaseResults: TestCaseResult[];
  /** Compiler output for ce, or the infrastructure message for failed. */
  message?: string;
}

/** Validation result (SPEC 3): per case index, Judge0 status code, time, memory, points. */
export interface ValidationCase {
  i: number;
  s: number;
  t: number | null;
  m: number | null;
  p: number;
}

export interface ValidationResult {
  score: number;
  cases: ValidationCase[];
  maxExecTimeMs: number | null;
  maxMemoryKb: number | null;
  compileOutput?: string;
}

import type { CheckerSettings } from './checker';
import type { InteractorSettings } from './interactor';
import { SubmissionStatus, TestCaseStatus } from './submission-status';
import { SubtaskResult } from './subtasks';
import type { Percent, RawPoints } from './units';

export interface Language {
  id: number;
  name: string;
}

export interface TestCaseData {
  input: string;
  output: string;
  points: number;
  /** Index into the problem's subtasks; absent for a test in none. */
  subtask?: number;
  /** Which of the statement's samples this test is (from 0), when its input and output are that sample's. */
  sample?: number;
}

/** Id of the HTTP request that caused a job: the worker logs it on every line about the job. */
export interface TracedJobData {
  requestId?: string;
}

export interface JudgeJobData extends TracedJobData {
  submissionId: string;
  /** The submission's judge round this job grades: absent (0) for its first grading, n for its n-th rejudge. */
  round?: number;
  /** Stop at the first failing test and skip the rest (a submission to an ICPC-scored contest); absent: run all. */
  stopAtFirstFailure?: boolean;
}

/** A reference solution and tests to validate (the body of POST /api/judge/validate). */
export interface ValidateRequest {
  languageId: number;
  sourceCode: string;
  cpuTimeLimit: number;
  memoryLimit: number;
  /** Megabytes of standard output per test (OUTPUT_LIMIT_MB); OUTPUT_LIMIT_MB.default when left out. */
  outputLimit?: number;
  testCases: TestCaseData[];
  /** The checker to judge the outputs with (the form's, before the problem is saved); `lines` when left out. */
  checker?: CheckerSettings;
  /** The interactor the solution talks to, for an interactive problem (the form's, before it is saved). */
  interactor?: InteractorSettings;
}

export interface ValidateJobData extends TracedJobData, ValidateRequest {}

/** One graded test as stored on a submission (`testCaseResults`). */
/** How much of a runtime error's stderr a result keeps: enough for any traceback. */
export const RUNTIME_STDERR_MAX_BYTES = 64 * 1024;

/** How much of a failed sample's input, expected output and the program's output a result keeps (each). */
export const SAMPLE_TEXT_MAX_BYTES = 4 * 1024;

/**
 * A failed test that is a sample of the statement (public already): its input and expected output and what the
 * program printed, each its first SAMPLE_TEXT_MAX_BYTES, so the submission page can show them side by side.
 */
export interface FailedSample {
  /** Which sample of the statement (from 0). */
  sample: number;
  input: string;
  expected: string;
  output: string;
  /** Whether any of the three was cut at SAMPLE_TEXT_MAX_BYTES. */
  truncated: boolean;
}

export interface TestCaseResult {
  index: number;
  /** `skipped`: not run, because an earlier test of its `min` subtask failed. */
  status: TestCaseStatus;
  timeMs: number | null;
  memoryKB: number | null;
  points: number;
  message?: string;
  /**
   * A runtime error's stderr (the traceback), its first RUNTIME_STDERR_MAX_BYTES; kept on the first failing test
   * only, and like messages shown only to the submission's owner and administrators.
   */
  stderr?: string;
  /** On the first failing test, when it is a sample: the sample and the program's output. Owner and admins only. */
  failedSample?: FailedSample;
  /** The test's subtask, as in TestCaseData. */
  subtask?: number;
}

/** The first failing (not skipped) test's number, from 1, as lists show it; null when none failed. */
export function firstFailedTestNumber(results: readonly TestCaseResult[]): number | null {
  const failed = results.find((r) => r.status !== 'accepted' && r.status !== 'skipped');
  return failed ? failed.index + 1 : null;
}

/** Outcome of grading a source against a set of tests, engine-independent. */
export interface GradeResult {
  status: SubmissionStatus;
  /** round(100 × earnedPoints / totalPoints). */
  score: Percent;
  /** Raw points the tests earned (a `min` subtask's own points, not its tests'). */
  earnedPoints: RawPoints;
  /** Out of how many: the problem's raw total when graded (0 for a compile error or a failure). */
  totalPoints: RawPoints;
  runtimeMs: number | null;
  memoryKB: number | null;
  testCaseResults: TestCaseResult[];
  /** Compiler output for ce, or the infrastructure message for failed. */
  message?: string;
  /** Points earned per subtask; absent for a problem without subtasks. */
  subtasks?: SubtaskResult[];
}

/** A result with no test run (a compile error, or the judge failed): no points, out of none. */
export function noTestResult(status: 'ce' | 'failed', message: string): GradeResult {
  return { status, score: 0, earnedPoints: 0, totalPoints: 0, runtimeMs: null, memoryKB: null, testCaseResults: [], message };
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

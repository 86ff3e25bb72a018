import {
  CheckerCompileResult,
  CheckerSettings,
  CheckerTrialData,
  GradeResult,
  Language,
  RunJobData,
  RunResult,
  Subtask,
  TestCaseData,
} from '@oj/contracts';

/** The limits of every run of a request: the problem's (or a custom run's) CPU seconds and memory megabytes. */
export interface RunLimitsRequest {
  languageId: number;
  sourceCode: string;
  /** Seconds of CPU time per run. */
  cpuTimeLimit: number;
  /** Megabytes of memory per run. */
  memoryLimit: number;
  /**
   * Aborts when the job is cancelled (its caller has gone): the engine kills what runs at once and throws the
   * signal's reason instead of answering.
   */
  signal?: AbortSignal;
}

/** What one grading run needs: the source, its language and the problem's limits and tests. */
export interface GradeRequest extends RunLimitsRequest {
  testCases: TestCaseData[];
  /** The problem's subtasks, which the tests' `subtask` indices point into; none for a problem without. */
  subtasks?: Subtask[];
  /** The problem's checker; the spec's line comparison when left out. */
  checker?: CheckerSettings;
  /** ICPC-style grading: the first failing test ends the run, the tests after it are skipped. */
  stopAtFirstFailure?: boolean;
}

/** One run of the source on the caller's input (POST /api/judge/run), judged only when an expected output is given. */
export interface CustomRunRequest extends RunLimitsRequest {
  stdin: string;
  expected?: RunJobData['expected'];
}

/** Called after each test so the caller can publish progress (tests done / total). */
export type ProgressListener = (done: number, total: number) => void | Promise<void>;

/**
 * One interface, two engines: `local` (bubblewrap sandbox on this host) and `judge0` (HTTP client).
 * Both grade with the same rules (grading/) and report the same GradeResult.
 */
export interface JudgeEngine {
  readonly name: 'local' | 'judge0';
  /** Languages this engine can run, keyed by Judge0 CE ids. */
  languages(): Promise<Language[]>;
  grade(request: GradeRequest, onProgress?: ProgressListener): Promise<GradeResult>;
  /**
   * Compiles a custom checker (in the local sandbox, whichever engine grades) so the API can refuse a broken one.
   * Both real engines have it; stand-ins in tests may not.
   */
  compileChecker?(source: string, languageId: number, trial?: CheckerTrialData): Promise<CheckerCompileResult>;
  /** Compiles and runs once on `stdin`; throws when the judge itself failed (not the program). */
  run(request: CustomRunRequest): Promise<RunResult>;
  /** Ends what the engine keeps between jobs (the local engine's warm boxes) when the worker stops. */
  close?(): Promise<void>;
}

export const JUDGE_ENGINE = Symbol('JUDGE_ENGINE');

import { CheckerSettings, InteractorSettings, RunJobData, Subtask, TestCaseData } from '@oj/contracts';

import { StageListener } from '../operations/grading-stages';

/** What every run of a request may use: the problem's (or a custom run's) limits, before the language's factor. */
export interface LimitsRequest {
  languageId: number;
  sourceCode: string;
  /** Seconds of CPU time per run. */
  cpuTimeLimit: number;
  /** Megabytes of memory per run. */
  memoryLimit: number;
  /** Megabytes (MiB) of standard output per run; OUTPUT_LIMIT_MB.default when left out. */
  outputLimit?: number;
  /**
   * Aborts when the job is cancelled (its caller has gone): what runs is killed at once and the signal's reason
   * is thrown instead of an answer.
   */
  signal?: AbortSignal;
}

/** What one grading needs: the source, its language and the problem's limits, tests and checker. */
export interface GradeRequest extends LimitsRequest {
  testCases: TestCaseData[];
  /** The problem's subtasks, which the tests' `subtask` indices point into; none for a problem without. */
  subtasks?: Subtask[];
  /** The problem's checker; the spec's line comparison when left out. */
  checker?: CheckerSettings;
  /** ICPC-style grading: the first failing test ends the run, the tests after it are skipped. */
  stopAtFirstFailure?: boolean;
  /** An interactive problem's interactor: each test's input is its input file, and it judges. */
  interactor?: InteractorSettings;
  /** Takes each stage's duration (the engine's box and compile, each test's run and check), for the metrics. */
  onStage?: StageListener;
}

/** One run of the source on the caller's input (POST /api/judge/run), judged only when an expected output is given. */
export interface CustomRunRequest extends LimitsRequest {
  stdin: string;
  expected?: RunJobData['expected'];
  /** An interactive problem's interactor: `stdin` is its input file, and its verdict the run's. */
  interactor?: InteractorSettings;
}

/** Called as tests are settled so the caller can publish progress (tests done / total). */
export type ProgressListener = (done: number, total: number) => void | Promise<void>;

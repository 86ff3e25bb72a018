import type { CheckerSettings } from './checker';
import type { InteractorSettings, ProblemType } from './interactor';
import { TestCaseData, ValidationResult } from './judging';
import { Difficulty } from './limits';
import { Subtask } from './subtasks';
import { EffectiveCpuTimeLimit } from './time-factors';

/** A worked example shown with the statement. */
export interface Sample {
  input: string;
  output: string;
  explanation?: string;
}

export interface ProblemAuthor {
  id: string;
  username: string;
}

/** The archive's sort keys: `solves` counts accepted submissions, `acRate` is accepted over all submissions. */
export const PROBLEM_SORTS = ['id', 'title', 'difficulty', 'solves', 'acRate'] as const;
export type ProblemSort = (typeof PROBLEM_SORTS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
/** The archive's visibility filter, honoured for admins only: every problem, or only the public or private ones. */
export const PROBLEM_VISIBILITIES = ['all', 'public', 'private'] as const;
export type ProblemVisibility = (typeof PROBLEM_VISIBILITIES)[number];

/** A problem as the archive lists it. */
export interface ProblemSummary {
  id: string;
  _id: string;
  problemId: number;
  title: string;
  difficulty: Difficulty;
  isPublic: boolean;
  tags: string[];
  algorithms: string[];
  submissionCount: number;
  acceptedSubmissionCount: number;
  /** Users with an accepted submission (people, not submissions); frozen and virtual results left out as above. */
  solverCount: number;
}

/**
 * Starter code the problem's authors give for a language (a reader, a class to complete): every solver may have
 * it, so the similarity check does not count it as shared.
 */
export interface LanguageTemplate {
  languageId: number;
  sourceCode: string;
}

/** At most this many templates per problem (one per language). */
export const MAX_TEMPLATES = 20;

/** A problem with its statement, limits and samples; test cases only for admins and the author. */
export interface Problem extends ProblemSummary {
  statement: string;
  inputFormat: string;
  outputFormat: string;
  constraints: string;
  cpuTimeLimit: number;
  /** The CPU limit each allowed language gets (cpuTimeLimit times its time factor). */
  effectiveCpuTimeLimits: EffectiveCpuTimeLimit[];
  memoryLimit: number;
  /** Megabytes (MiB) of standard output a test may write (OUTPUT_LIMIT_MB); more is Output Limit Exceeded. */
  outputLimit: number;
  judge0LanguageIds: number[];
  samples: Sample[];
  /** Starter code per language; at most one per language. */
  templates: LanguageTemplate[];
  testCases?: TestCaseData[];
  testCaseCount: number;
  totalPoints: number;
  /** `interactive`: submissions talk to the problem's interactor (its source only for admins and the author). */
  type: ProblemType;
  interactor?: Pick<InteractorSettings, 'languageId'> & Partial<InteractorSettings>;
  author: ProblemAuthor | null;
  createdAt: string;
  updatedAt: string;
}

/** Test cases read from an uploaded archive, with what was skipped and why. */
export interface TestArchiveResult {
  testCases: TestCaseData[];
  /** Suggested from `subtask<N>/` folders or `<group>-<test>` names; empty when the archive has none. */
  subtasks: Subtask[];
  /** A `custom` checker whose source the archive carries (`checker.cpp`, `check.c`… at its root or in `checker/`). */
  checker?: CheckerSettings;
  /** An interactor whose source the archive carries (`interactor.cpp`, `interactor.c`… at its root or in `interactor/`). */
  interactor?: InteractorSettings;
  warnings: string[];
}

/**
 * A package's main solution (Polygon's tag `main`, an ICPC package's first `submissions/accepted/` source), run
 * against the tests just imported, as the problem form's Validate runs a reference solution. The problem is stored
 * whatever this says.
 */
export interface MainSolutionValidation {
  /** Its path in the package. */
  path: string;
  /** The language it was run in; null when the package names one this judge does not run. */
  languageId: number | null;
  /** The validation's result (score and each test); null when it did not run, and `message` says why. */
  result: ValidationResult | null;
  /** Why it did not run (no worker answering, an unknown language, a time-out), or a summary of what failed. */
  message: string | null;
}

/**
 * How an import set the problem's time limit: `package`, read from it (problem.yaml's `limits.time_limit`, Polygon's
 * `<time-limit>`); `timelimit-file`, DOMjudge's `.timelimit` file; `derived`, the format's rule on the accepted
 * submissions judged during the import (the slowest one's time times the multiplier, rounded up to the resolution);
 * `default`, none of these could be used (`detail` says why).
 */
export const TIME_LIMIT_RULES = ['package', 'timelimit-file', 'derived', 'default'] as const;
export type TimeLimitRule = (typeof TIME_LIMIT_RULES)[number];

export interface ImportedTimeLimit {
  /** The problem's CPU time limit as stored, in seconds. */
  seconds: number;
  rule: TimeLimitRule;
  /** The rule in words: the file and key read, or the run times and multiplier of the derivation. */
  detail: string;
}

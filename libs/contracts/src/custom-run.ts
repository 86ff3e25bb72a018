import type { CheckerSettings } from './checker';
import type { InteractorSettings } from './interactor';
import { TracedJobData } from './judging';

/** Running a source on custom input (POST /api/judge/run): nothing is stored, the answer goes to the caller. */

/** Bytes of standard input a run may take. */
export const MAX_RUN_STDIN_BYTES = 1024 * 1024;
/** Bytes of standard output and of standard error a run answers with; the rest is cut off. */
export const RUN_OUTPUT_CAP_BYTES = 64 * 1024;

/**
 * What a run may use at most, whatever the problem's limit and the language's time factor (applied after it):
 * runs share a few worker slots, and one of them must not hold a slot for minutes.
 */
export const RUN_CEILING = { cpuSeconds: 10, wallSeconds: 20 } as const;

/** How a run ended: ok (exit 0), a non-zero exit, or the verdicts a test could get, without the checker. */
export const RUN_STATUSES = ['ok', 'tle', 'ole', 'rte', 'ce'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/** What the problem's checker made of a run's output, when the caller gave the expected one. */
export const RUN_VERDICTS = ['accepted', 'wrong_answer'] as const;
export type RunVerdict = (typeof RUN_VERDICTS)[number];

/** The body of POST /api/judge/run. */
export interface RunRequest {
  languageId: number;
  sourceCode: string;
  stdin: string;
  /** The problem whose limits (and allowed languages) apply; without one, the default limits. */
  problemId?: number;
  /** What the output should be (a sample's, or the caller's): the run is then judged, see RunResult.verdict. */
  expectedOutput?: string;
  /**
   * An interactor to run against instead of the problem's (the problem form's 'Test interactor', before saving):
   * `stdin` is its input file. Admins and problem authors only.
   */
  interactor?: InteractorSettings;
}

/** What a worker runs: the source, its input and the problem's limits (before the language's time factor). */
export interface RunJobData extends TracedJobData {
  languageId: number;
  sourceCode: string;
  stdin: string;
  /** Seconds. */
  cpuTimeLimit: number;
  /** Megabytes. */
  memoryLimit: number;
  /** Megabytes of standard output (the problem's; OUTPUT_LIMIT_MB.default when left out). */
  outputLimit?: number;
  /** Judge the output against this with this checker (the problem's; the line comparison without a problem). */
  expected?: { output: string; checker: CheckerSettings };
  /** An interactive problem's interactor: `stdin` is then its input file, and its verdict the run's. */
  interactor?: InteractorSettings;
}

export interface RunResult {
  status: RunStatus;
  /** The first 64 KiB of standard output; of an interactive run, of the interactor's output file. */
  stdout: string;
  /** Whether standard output was longer than what `stdout` holds. */
  truncated: boolean;
  /** The first 64 KiB of standard error. */
  stderr: string;
  /** Exit code of a program that exited; null when it was killed or never ran. */
  exitCode: number | null;
  /** Signal that killed it (e.g. SIGSEGV), when one did. */
  signal: string | null;
  /** Why it ended as it did (Time limit exceeded, Memory limit exceeded …), or the compiler's output for ce. */
  message: string | null;
  /** CPU time, milliseconds. */
  timeMs: number | null;
  memoryKB: number | null;
  /**
   * The checker's verdict on the output, when an expected output was given and the program finished (status ok)
   * with its whole output; of an interactive run, the interactor's verdict. Absent otherwise (also when the
   * problem's own checker or interactor failed).
   */
  verdict?: RunVerdict;
  /**
   * Of an interactive run, what the program and the interactor wrote to each other, in order (consecutive writes
   * of one side joined), cut at TRANSCRIPT_CAP_BYTES of text or TRANSCRIPT_CAP_CHUNKS chunks; null when the engine
   * cannot record it (Judge0). Absent for a run without an interactor.
   */
  transcript?: TranscriptChunk[] | null;
  /** Whether the exchange went on past what `transcript` holds. Absent for a run without an interactor. */
  transcriptTruncated?: boolean;
}

/** Which side of an interactive run wrote a transcript chunk. */
export const TRANSCRIPT_SIDES = ['program', 'interactor'] as const;
export type TranscriptSide = (typeof TRANSCRIPT_SIDES)[number];

/** What one side of an interactive run wrote to the other, between two writes of the other side. */
export interface TranscriptChunk {
  from: TranscriptSide;
  text: string;
}

/** The most text, in UTF-8 bytes, a custom run's transcript keeps. */
export const TRANSCRIPT_CAP_BYTES = 64 * 1024;
/** The most chunks a custom run's transcript keeps. */
export const TRANSCRIPT_CAP_CHUNKS = 200;

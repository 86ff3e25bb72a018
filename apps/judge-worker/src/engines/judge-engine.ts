import { Language, ValidatorProtocol, ValidatorSupportFile } from '@oj/contracts';

import { Transcript } from './transcript-recorder';

/** A source to compile once for the runs that follow. */
export interface CompileRequest {
  languageId: number;
  sourceCode: string;
  /** Aborts when the job is cancelled: the engine kills what runs at once and throws the signal's reason. */
  signal?: AbortSignal;
  /** Takes how long the engine's own steps took, in milliseconds: taking the boxes, the compile (for the metrics). */
  onStage?: (stage: 'box' | 'compile', ms: number) => void;
}

/** What every run of a program may use: the limits the grading decided (time factors already applied). */
export interface ProgramLimits {
  /** Seconds of CPU time per run. */
  cpuSeconds: number;
  /** Megabytes of memory per run. */
  memoryMb: number;
  /** Megabytes (MiB) of standard output per run: more is Output Limit Exceeded. */
  outputMb: number;
  /** A ceiling on the wall clock, in seconds (a custom run's, see RUN_CEILING); none for tests. */
  wallSecondsCap?: number;
}

/** One run's input: its standard input and the jury's answer, which sizes the output an engine accepts. */
export interface RunInput {
  stdin: string;
  /** The test's expected output; none for a custom run. */
  expectedOutput?: string;
  /** What the run is, in an engine's failure message ("test 3", "the program"). */
  label: string;
}

/** Why a run did not end with exit code 0, in the engine's words: the test's status unless a checker says more. */
export interface RunFailure {
  status: 'tle' | 'ole' | 'rte';
  message: string;
  /** A limit the run hit (its time, memory or output), or a crash (a signal, a non-zero exit). */
  cause: 'time' | 'memory' | 'output' | 'crash';
}

/**
 * How one run ended, engine-neutral and not yet judged: the grading (grading/) decides the verdict from it. The
 * engine decides, once, why the run stopped (a limit, a signal, a non-zero exit: `failure`).
 */
export interface RunOutcome {
  /** Null when the program exited with 0. */
  failure: RunFailure | null;
  timeMs: number | null;
  memoryKB: number | null;
  /** The program's own exit code; null when it was killed. */
  exitCode: number | null;
  /** The signal that killed it, by name, when one did. */
  signal: string | null;
  /** Its standard error, capped. */
  stderr: Buffer;
  /** The file holding its standard output: the engine's own, valid until the next input is taken. */
  stdoutPath: string;
}

/** How one interactive run ended: the program's run, the interactor's, and the interactor's output file. */
export interface InteractionOutcome {
  /** The program's run; its output went to the interactor (a wall clock hit is the pair's idleness). */
  program: Omit<RunOutcome, 'stdoutPath'>;
  /** The interactor's run, its verdict still to be read in its protocol (like a checker's). */
  interactor: ToolRun;
  /** The program's wall clock ran out while the interactor was still computing: the interactor kept it waiting. */
  interactorBusy: boolean;
  /** The interactor ended while the program still ran: its verdict came first (see PairResult). */
  interactorFirst: boolean;
  /** Once the program had ended, the interactor waited on it: it judged on the dialogue's end (see PairResult). */
  interactorAwaitedProgram: boolean;
  /** The interactor's output file (its `tout`), which a checker may read. */
  outputPath: string;
  /** What the two sides wrote to each other, when it was asked for (a custom run) and the engine can record it. */
  transcript?: Transcript;
}

/**
 * A compiled program: runs it on inputs, one outcome per input in their order. Inputs are pulled one at a time,
 * as the engine is ready for them, so the grading decides (skipping) what the next run is after seeing the last
 * outcome; an engine that batches (Judge0) pulls a batch before running it.
 */
export interface CompiledProgram {
  runMany(inputs: AsyncIterable<RunInput>, limits: ProgramLimits, signal?: AbortSignal): AsyncIterable<RunOutcome>;
  /**
   * Runs the program against `interactor` (a built interactor, see CheckerSandbox.build, called in its protocol)
   * once per input, the input being the interactor's input file (and the expected output, an ICPC validator's
   * answer file). Absent where the engine cannot (Judge0). `recordTranscript`: each outcome carries what the
   * sides wrote to each other (a custom run; grading does not pay for the relay this takes).
   */
  interact?(
    inputs: AsyncIterable<RunInput>,
    interactor: JuryProgram,
    limits: ProgramLimits,
    signal?: AbortSignal,
    recordTranscript?: boolean,
  ): AsyncIterable<InteractionOutcome>;
  /** Gives back what the program holds (its boxes, its output files). */
  release(): Promise<void>;
}

/** How a tool run (a checker, an interactor) in the engine's sandbox ended: the grading reads its verdict. */
export interface ToolRun {
  termination: 'exited' | 'signaled' | 'cpu-limit' | 'wall-limit' | 'memory-limit' | 'output-limit';
  exitCode: number | null;
  stderr: Buffer;
  /** An ICPC validator's feedback directory as it left it; absent for testlib programs. */
  feedback?: ValidatorFeedback;
}

/**
 * The files an ICPC validator may leave in its feedback directory, each its first FEEDBACK_FILE_MAX_BYTES as
 * text, or null when it wrote none (or something other than a plain file).
 */
export interface ValidatorFeedback {
  judgeMessage: string | null;
  teamMessage: string | null;
  score: string | null;
  scoreMultiplier: string | null;
}

/** The feedback files' names, as the ICPC package format gives them. */
export const FEEDBACK_FILES: Record<keyof ValidatorFeedback, string> = {
  judgeMessage: 'judgemessage.txt',
  teamMessage: 'teammessage.txt',
  score: 'score.txt',
  scoreMultiplier: 'score_multiplier.txt',
};
export const FEEDBACK_FILE_MAX_BYTES = 4096;

/** A checker's CPU time limit, whatever the problem's (an interactor's too, at the least). */
export const CHECKER_CPU_SECONDS = 10;

/** A compiled checker held for use: its binary stays at `program` until `release`, whatever a cache evicts. */
export interface CheckerLease {
  program: string;
  release(): void;
}

/** A built checker or interactor: its file, and the argv before that file's path in a box. */
export interface JuryBinary extends CheckerLease {
  /** Nothing for a binary; the interpreter and its options for a script (a Python validator's archive). */
  interpreter: string[];
}

/** A checker's or interactor's build, or why it did not compile. */
export type CheckerBuild = JuryBinary | { compilerOutput: string };

/** An author's checker or interactor to build: its source, its language and the files beside it. */
export interface JurySource {
  source: string;
  languageId: number;
  supportFiles?: ValidatorSupportFile[];
}

/** How a checker or interactor is called: its protocol, and an ICPC validator's flags after the feedback directory. */
export interface JuryCall {
  protocol: ValidatorProtocol;
  validatorFlags: string[];
  /**
   * testlib only: built with a testlib.h of its own (a package's, upstream testlib) rather than ours, so its quitp
   * points are absolute, as Polygon reads them, not our header's fraction of the test.
   */
  ownTestlib?: boolean;
}

/** A built interactor and how it is called. */
export interface JuryProgram {
  binary: JuryBinary;
  call: JuryCall;
}

/**
 * The files a checker reads: the test's input, the contestant's output (a file) and the jury's answer. A testlib
 * checker is called `checker input output answer`, an ICPC validator `validator input answer feedback_dir [flags]`
 * with the output on its stdin.
 */
export interface CheckerFiles {
  input: string;
  outputPath: string;
  answer: string;
}

/** Where problem authors' checkers are compiled and run: always this host's sandbox, whatever engine grades. */
export interface CheckerSandbox {
  build(source: JurySource): Promise<CheckerBuild>;
  /** Runs a checker on one test in its protocol; how it ended, its verdict still to be read. */
  check(binary: JuryBinary, files: CheckerFiles, call: JuryCall): Promise<ToolRun>;
}

/** The source did not compile: the submission's compile error, with the (capped) compiler output. */
export class CompileError extends Error {
  constructor(readonly output: string) {
    super('Compilation failed.');
  }
}

/** The engine itself failed (its sandbox, its server): the job fails and is retried, never a verdict. */
export class EngineFailure extends Error {}

/**
 * One interface, two engines: `local` (bubblewrap sandbox on this host) and `judge0` (HTTP client). An engine
 * compiles and runs; everything else (which tests, skipping, checking, verdicts, scores, progress) is the
 * grading's (grading/test-loop.ts), the same whichever engine runs the program.
 */
export interface JudgeEngine {
  readonly name: 'local' | 'judge0';
  /** Languages this engine can run, keyed by Judge0 CE ids. */
  languages(): Promise<Language[]>;
  /**
   * Compiles the source, or throws a CompileError (an engine that compiles with each run, Judge0, throws it from
   * the first run instead) or an EngineFailure.
   */
  compile(request: CompileRequest): Promise<CompiledProgram>;
  /** The sandbox custom checkers compile and run in; throws where the worker has none. */
  checkers(): CheckerSandbox;
  /** Ends what the engine keeps between jobs (the local engine's warm boxes) when the worker stops. */
  close?(): Promise<void>;
}

export const JUDGE_ENGINE = Symbol('JUDGE_ENGINE');

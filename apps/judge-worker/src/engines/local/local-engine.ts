import { Language, MEMORY_LIMIT_MB } from '@oj/contracts';
import {
  chmodSync,
  chownSync,
  closeSync,
  constants,
  copyFileSync,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  rmSync,
  writeFileSync,
} from 'fs';
import { availableParallelism, tmpdir } from 'os';
import { join } from 'path';

import {
  CHECKER_CPU_SECONDS,
  CheckerSandbox,
  CompiledProgram,
  CompileError,
  CompileRequest,
  EngineFailure,
  InteractionOutcome,
  JudgeEngine,
  JuryProgram,
  ProgramLimits,
  RunFailure,
  RunInput,
  RunOutcome,
} from '../judge-engine';
import { TranscriptRecorder } from '../transcript-recorder';
import { BoxCommand } from './box-command';
import { buildLauncher } from './box-launcher';
import { BoxPool } from './box-pool';
import { CgroupFactory } from './cgroup';
import { DEFAULT_CHECKER_CACHE_MB } from './checker-cache';
import { compileFailure } from './compiler-output';
import { CustomChecker } from './custom-checker';
import { FEEDBACK_DIR, makeFeedbackDir, readFeedbackDir } from './feedback-dir';
import { ForkedLanguage, ForkedResult } from './fork-server/fork-server';
import { javaArchive, javacArchive } from './java-class-archive';
import {
  AvailableLanguage,
  CPYTHON_LANGUAGE_ID,
  discoverLanguages,
  JAVA_LANGUAGE_ID,
  LANGUAGE_SPECS,
  SourceProgram,
  sourceProgram,
} from './language-catalog';
import { precompileHeader } from './precompiled-header';
import { PrivateMounts } from './private-mounts';
import { runFailure } from './run-failure';
import { SandboxResult } from './run-supervision';
import { Sandbox } from './sandbox';
import { COMPILE_LIMITS, interactorLimits, MIB, runLimits } from './sandbox-limits';
import { ForkedInterpreter, RunLimits, ToolchainBind } from './sandbox-types';
import { BoxSource, FreshBoxSource, SubmissionBoxes } from './submission-boxes';
import { sweepWorkRoot } from './worker-leftovers';

export interface EngineLogger {
  log(message: string): void;
  warn(message: string): void;
}

export interface LocalEngineOptions {
  /** Host directory under which each submission gets its private work directory. */
  workRoot?: string;
  logger?: EngineLogger;
  /** Where the cgroup hierarchies are mounted; without a writable cgroup there, limits fall back to rlimits. */
  cgroupRoot?: string;
  /** Only these languages (Judge0 ids); a Judge0 worker's local sandbox needs only the checkers' C and C++. */
  languageIds?: readonly number[];
  /** How many submission places (see BoxPool) wait warm between submissions: the worker's concurrency. */
  warmSlots?: number;
  /** The most the compiled custom checkers may take on disk (see CheckerCache); 256 MiB by default. */
  checkerCacheBytes?: number;
  /** Whether Python and PyPy tests run as children of a fork server (fork-server/fork-server.ts); true by default. */
  forkServer?: boolean;
  /**
   * Whether C++ compiles get a precompiled <bits/stdc++.h>, built at start (see addPrecompiledHeaders); true by
   * default. An engine made on first need, mid-grading, goes without: the build would hold the worker for seconds.
   */
  precompiledHeaders?: boolean;
}

/**
 * The work root holds what the worker binds into boxes and the launcher it runs: it must be a real directory the
 * worker owns (the default lives in the world-writable /tmp, where anyone could have planted a symlink), which
 * the box user may traverse to its submission but not list. What crashed workers left in it goes.
 */
function prepareWorkRoot(path: string): string {
  mkdirSync(path, { recursive: true });
  if (!lstatSync(path).isDirectory()) throw new Error(`The sandbox work root ${path} is not a directory (a symlink?).`);
  chownSync(path, process.getuid?.() ?? 0, process.getgid?.() ?? 0);
  chmodSync(path, 0o711);
  sweepWorkRoot(path);
  return path;
}

/**
 * Compiles and runs on this host in bubblewrap boxes: compile once per submission in a box with a writable /box,
 * then run every input from that artifact in a box that sees /box read-only (cleared between runs), input on
 * stdin, output to a file outside. The boxes are started before submissions arrive and kept between them (BoxPool). Without a
 * cgroup or a C compiler for the launcher, each run gets a fresh box (FreshBoxSource).
 */
export class LocalEngine implements JudgeEngine {
  readonly name = 'local' as const;
  private readonly catalog: Map<number, AvailableLanguage>;
  private readonly workRoot: string;
  /** Null where the worker may not mount: box binds then show their host paths in the box's mountinfo. */
  private readonly mounts: PrivateMounts | null;
  /** Submissions' boxes: a pool of warm ones, or a fresh box per run where run boxes cannot be had. */
  private readonly boxes: BoxSource;
  /** Problem authors' checkers, compiled and run in this engine's sandbox (also for the Judge0 engine). */
  private readonly customChecker: CustomChecker;
  /** The CPU the next interactive pair is pinned to: pairs take the CPUs in turn. */
  private nextCpu = 0;
  private readonly forkServer: boolean;

  constructor(options: LocalEngineOptions = {}) {
    const logger = options.logger ?? console;
    this.forkServer = options.forkServer ?? true;
    this.workRoot = prepareWorkRoot(options.workRoot ?? join(tmpdir(), 'oj-judge'));
    const detected = CgroupFactory.detect(options.cgroupRoot);
    if ('unavailable' in detected) {
      logger.warn(
        `No writable cgroup (${detected.unavailable}): falling back to rlimits; memory figures are unavailable and limits are coarser.`,
      );
    }
    const cgroups = 'unavailable' in detected ? null : detected;
    const sandbox = new Sandbox(cgroups);
    let launcher: string | null = null;
    if (cgroups) {
      const built = buildLauncher(this.workRoot);
      if ('path' in built) launcher = built.path;
      else logger.warn(`${built.unavailable}: every run starts a fresh box (about 14 ms more per run).`);
    }
    const mounts = PrivateMounts.detect(this.workRoot);
    if ('unavailable' in mounts)
      logger.warn(`Cannot mount a tmpfs (${mounts.unavailable}): boxes can read the work root's path in /proc/self/mountinfo.`);
    this.mounts = 'unavailable' in mounts ? null : mounts;
    const wanted = options.languageIds;
    this.catalog = new Map(
      discoverLanguages(wanted ? LANGUAGE_SPECS.filter((s) => wanted.includes(s.id)) : LANGUAGE_SPECS).map((l) => [l.spec.id, l]),
    );
    this.addJavaArchives(logger);
    if (options.precompiledHeaders ?? true) this.addPrecompiledHeaders(logger);
    const binds = () => this.stageBinds([...this.catalog.values()].flatMap((l) => l.binds));
    // Warm slots start CPython's fork server before their submission arrives: the language most submissions use.
    const cpython = this.catalog.get(CPYTHON_LANGUAGE_ID);
    const preStart = cpython && this.forkedLanguage(cpython);
    this.boxes =
      launcher && cgroups
        ? new BoxPool(
            { workRoot: this.workRoot, launcher, cgroups, mounts: this.mounts, binds, warn: (m) => logger.warn(m), preStart },
            options.warmSlots ?? 1,
          )
        : new FreshBoxSource(sandbox, this.workRoot, this.mounts, binds);
    this.customChecker = new CustomChecker({
      workRoot: this.workRoot,
      languages: this.catalog,
      place: { sandbox, cgroups, launcher },
      stageBinds: (b) => this.stageBinds(b),
      cacheBytes: options.checkerCacheBytes ?? DEFAULT_CHECKER_CACHE_MB * MIB,
    });
    logger.log(`Local engine languages: ${[...this.catalog.values()].map((l) => l.language.name).join(', ') || 'none'}`);
  }

  /**
   * Java's boxes also see two class-data sharing archives the worker dumps now (see java-class-archive.ts): of the
   * JDK's classes, for runs, and of javac's, for compiles.
   */
  private addJavaArchives(logger: EngineLogger): void {
    const java = this.catalog.get(JAVA_LANGUAGE_ID);
    if (!java) return;
    const run = javaArchive(this.workRoot);
    if (run.unavailable)
      logger.warn(`Java runs ${run.bind ? "use the JDK's default" : 'have no'} class-data sharing archive: ${run.unavailable}.`);
    const compile = javacArchive(this.workRoot);
    if (compile.unavailable) logger.warn(`Java compiles have no class-data sharing archive: ${compile.unavailable}.`);
    const binds = [run.bind, compile.bind].filter((bind) => bind !== null);
    this.catalog.set(JAVA_LANGUAGE_ID, { ...java, binds: [...java.binds, ...binds] });
  }

  /**
   * Languages with a header most programs include (C++'s <bits/stdc++.h>) get it precompiled by the worker now (see
   * precompiled-header.ts), before any box starts: the boxes are kept warm, so one started earlier would never
   * see it. It costs the worker's start about 6 s of CPU once, and saves about 1.6 s on every such compile.
   */
  private addPrecompiledHeaders(logger: EngineLogger): void {
    for (const lang of this.catalog.values()) {
      const pch = lang.spec.precompiledHeader;
      if (!pch) continue;
      const built = precompileHeader(this.workRoot, pch);
      if ('unavailable' in built)
        logger.warn(`${lang.language.name} compiles without a precompiled <${pch.header}>: ${built.unavailable}.`);
      else this.catalog.set(lang.spec.id, { ...lang, binds: [...lang.binds, built.bind] });
    }
  }

  /** Starts the warm submission places now, so the first submissions do not wait for their boxes. */
  async warm(): Promise<void> {
    if (this.boxes instanceof BoxPool) await this.boxes.warm();
  }

  /** Ends every box not in use (the worker is stopping); submissions graded later get new ones. */
  close(): Promise<void> {
    return this.boxes.drain();
  }

  /** Toolchain binds, staged in a tmpfs where the worker may mount (see PrivateMounts). */
  private stageBinds(binds: ToolchainBind[]): ToolchainBind[] {
    return this.mounts && binds.length ? this.mounts.stagedBinds(binds) : binds;
  }

  checkers(): CheckerSandbox {
    return this.customChecker;
  }

  async languages(): Promise<Language[]> {
    return [...this.catalog.values()].map((l) => l.language);
  }

  /**
   * Compiles the source in the submission's boxes (see BoxSource), which the program then holds for its runs
   * until released; a compile error gives them back at once.
   */
  async compile(request: CompileRequest): Promise<CompiledProgram> {
    const lang = this.catalog.get(request.languageId);
    if (!lang) throw new EngineFailure(`Language ${request.languageId} is not available on this judge.`);
    const program = sourceProgram(lang.spec, request.sourceCode);
    if (typeof program === 'string') throw new CompileError(program);
    const boxStarted = performance.now();
    const boxes = await sandboxStep(() => this.boxes.acquire());
    request.onStage?.('box', performance.now() - boxStarted);
    const forked = this.forkedLanguage(lang);
    boxes.expect(forked);
    try {
      writeFileSync(join(boxes.workDir, program.sourceFile), request.sourceCode, { mode: 0o644 });
      const pairCpu = () => this.nextCpu++ % availableParallelism();
      const check = () => this.compileIn(lang, program, boxes, request.signal, forked);
      const compileStarted = performance.now();
      // A forked language's syntax check is its first test's child's first step (see LocalProgram.runMany): the
      // compile stage is then only this step's own time, and the check's counts in the first test's run.
      if (forked && isSyntaxCheckOnly(lang, program)) {
        request.onStage?.('compile', performance.now() - compileStarted);
        return new LocalProgram(lang, program, boxes, pairCpu, forked.interpreter, check);
      }
      const compileError = await sandboxStep(check, request.signal);
      if (program.compile) request.onStage?.('compile', performance.now() - compileStarted);
      request.signal?.throwIfAborted();
      if (compileError !== null) throw new CompileError(compileError);
      return new LocalProgram(lang, program, boxes, pairCpu, forked?.interpreter, null);
    } catch (error) {
      boxes.release();
      throw error;
    }
  }

  /**
   * The fork server a language's tests run in, if any. Its command is the run's for the default memory limit: a
   * Python's does not depend on it (a runtime whose did would only get a server started for its submission).
   */
  private forkedLanguage(lang: AvailableLanguage): ForkedLanguage | undefined {
    const interpreter = this.forkServer ? lang.spec.forkServer : undefined;
    return interpreter && { command: { command: lang.spec.run(MEMORY_LIMIT_MB.default), env: lang.spec.env }, interpreter };
  }

  /**
   * Null when the artifact is ready, otherwise the (capped) compiler output. A language whose tests are forked and
   * whose compile is only a syntax check has it done by its fork server's child (see SubmissionBoxes.compile).
   */
  private async compileIn(
    lang: AvailableLanguage,
    program: SourceProgram,
    boxes: SubmissionBoxes,
    signal?: AbortSignal,
    forked?: ForkedLanguage,
  ): Promise<string | null> {
    if (!program.compile) return null;
    const run = await boxes.compile(
      { command: program.compile, env: lang.spec.env },
      COMPILE_LIMITS,
      signal,
      isSyntaxCheckOnly(lang, program) ? forked : undefined,
    );
    return compileFailure(run, boxes.stdoutPath);
  }
}

/** The language builds no artifact: its compile step only checks the program's syntax (Python's). */
const isSyntaxCheckOnly = (lang: AvailableLanguage, program: SourceProgram) =>
  !!program.compile && !lang.spec.compile && program.compile === lang.spec.syntaxCheck;

/**
 * A compiled submission in its boxes: each input runs in the run box, which sees the compile's /box read-only.
 * Inputs are taken one at a time, so the output file of a run is the grading's until it asks for the next input.
 */
class LocalProgram implements CompiledProgram {
  constructor(
    private readonly lang: AvailableLanguage,
    private readonly program: SourceProgram,
    private readonly boxes: SubmissionBoxes,
    private readonly pairCpu: () => number,
    /** Whether its tests run as children of a fork server (see SubmissionBoxes.run). */
    private readonly forked: ForkedInterpreter | undefined,
    /**
     * The syntax check still to be done (a forked language's: its first test's child does it before the program
     * runs, one child instead of two), answering the compile error or null; null once done.
     */
    private pendingCheck: (() => Promise<string | null>) | null,
  ) {}

  /**
   * Runs each input; a syntax error found by the first test's child is the submission's compile error (thrown as
   * compile() throws it elsewhere), before any outcome: the same error, word for word, as the check alone gives.
   * A program that fails its check only takes more time on its first test than python's own compile would.
   */
  async *runMany(inputs: AsyncIterable<RunInput>, limits: ProgramLimits, signal?: AbortSignal): AsyncIterable<RunOutcome> {
    const command: BoxCommand = { command: this.program.run(limits.memoryMb), env: this.lang.spec.env };
    for await (const input of inputs) {
      const boxLimits = this.runLimits(limits, input.expectedOutput ?? '');
      const checkFirst = this.pendingCheck !== null;
      const ran = await sandboxStep(() => this.boxes.run(command, input.stdin, boxLimits, signal, this.forked, checkFirst), signal);
      signal?.throwIfAborted();
      if (checkFirst) await this.settleCheck(ran);
      yield outcomeOf(ran, boxLimits.memoryBytes, this.boxes.stdoutPath);
    }
    // No test ran (all skipped, or none): the check still decides whether the source compiles.
    await this.checkSyntax();
  }

  /** The folded check's outcome; a run that was no fork server's child did none, so the check is done now. */
  private async settleCheck(ran: ForkedResult): Promise<void> {
    if (ran.syntax === undefined) return this.checkSyntax();
    this.pendingCheck = null;
    if (ran.syntax === 'error') throw new CompileError(compileFailure(ran, this.boxes.stdoutPath) ?? '');
  }

  /** The pending syntax check, if any, done alone (see LocalEngine.compileIn); its compile error is thrown. */
  private async checkSyntax(): Promise<void> {
    const check = this.pendingCheck;
    this.pendingCheck = null;
    const error = check && (await sandboxStep(check));
    if (error) throw new CompileError(error);
  }

  /**
   * Each input against the interactor (in the slot's interactor box, whose /box is the jury directory: the
   * interactor, the test's input, the interactor's output), program and interactor pinned to one CPU. A testlib
   * interactor is called `interactor input.txt output.txt`; an ICPC validator `validator input.txt answer.txt
   * feedback/ [flags]`, the test's expected output its answer file, its feedback directory read back after the run.
   */
  async *interact(
    inputs: AsyncIterable<RunInput>,
    interactor: JuryProgram,
    limits: ProgramLimits,
    signal?: AbortSignal,
    recordTranscript = false,
  ): AsyncIterable<InteractionOutcome> {
    const jury = this.boxes.juryDir;
    if (!jury)
      throw new EngineFailure('This worker cannot run interactive problems: they need its box launcher (a writable cgroup and gcc).');
    // The program runs beside its interactor, never as a fork server's child: its syntax is checked alone first.
    await this.checkSyntax();
    placeFile(join(jury, 'interactor'), (path) => copyFileSync(interactor.binary.program, path, constants.COPYFILE_EXCL));
    chmodSync(join(jury, 'interactor'), 0o755);
    const icpc = interactor.call.protocol === 'icpc';
    const args = icpc ? ['input.txt', 'answer.txt', `${FEEDBACK_DIR}/`, ...interactor.call.validatorFlags] : ['input.txt', 'output.txt'];
    const command: BoxCommand = { command: this.program.run(limits.memoryMb), env: this.lang.spec.env };
    for await (const input of inputs) {
      placeFile(join(jury, 'input.txt'), (path) => writeFileSync(path, input.stdin, { mode: 0o644, flag: 'wx' }));
      rmSync(join(jury, 'output.txt'), { force: true });
      if (icpc) {
        placeFile(join(jury, 'answer.txt'), (path) => writeFileSync(path, input.expectedOutput ?? '', { mode: 0o644, flag: 'wx' }));
        placeFile(join(jury, FEEDBACK_DIR), makeFeedbackDir);
      }
      const program = { command, limits: this.runLimits(limits, '') };
      const judge = {
        command: { command: [...interactor.binary.interpreter, '/box/interactor', ...args] },
        limits: interactorLimits(program.limits, CHECKER_CPU_SECONDS),
      };
      const transcript = recordTranscript ? new TranscriptRecorder() : undefined;
      const pair = await sandboxStep(() => this.boxes.interact(program, judge, this.pairCpu(), signal, transcript), signal);
      signal?.throwIfAborted();
      copyOut(join(jury, 'output.txt'), this.boxes.stdoutPath);
      const { stdoutPath: _, ...ran } = outcomeOf(pair.program, program.limits.memoryBytes, '');
      // Waiting on each other, the pair is ended by the program's wall clock: idleness, as contests call it.
      const idle = pair.program.termination === 'wall-limit' && !pair.programBusy;
      const failure = idle ? IDLENESS : ran.failure;
      yield {
        program: { ...ran, failure },
        interactor: icpc ? { ...pair.interactor, feedback: readFeedbackDir(join(jury, FEEDBACK_DIR)) } : pair.interactor,
        interactorBusy: pair.interactorBusy,
        interactorFirst: pair.interactorFirst,
        interactorAwaitedProgram: pair.interactorAwaitedProgram,
        outputPath: this.boxes.stdoutPath,
        ...(transcript ? { transcript: transcript.transcript } : {}),
      };
    }
  }

  async release(): Promise<void> {
    this.boxes.release();
  }

  /** A run's box limits; runtimes with a fixed overhead of their own (the JVM) get it on top of the problem's. */
  private runLimits(limits: ProgramLimits, expectedOutput: string): RunLimits {
    const box = runLimits(limits.cpuSeconds, limits.memoryMb, Buffer.byteLength(expectedOutput), limits.outputMb);
    const wallMs = limits.wallSecondsCap === undefined ? box.wallMs : Math.min(box.wallMs, limits.wallSecondsCap * 1000);
    return { ...box, wallMs, memoryBytes: box.memoryBytes + (this.lang.spec.runtimeOverheadMb ?? 0) * MIB };
  }
}

/** A run in a box as the grading sees it: why it stopped (decided here, see runFailure), its figures and output. */
function outcomeOf(run: SandboxResult, memoryLimitBytes: number, stdoutPath: string): RunOutcome {
  const exited = run.termination === 'exited';
  return {
    failure: runFailure(run, memoryLimitBytes),
    timeMs: run.cpuMs,
    memoryKB: run.memoryKB,
    exitCode: exited ? run.exitCode : null,
    signal: exited ? null : run.signal,
    stderr: run.stderr,
    stdoutPath,
  };
}

const IDLENESS: RunFailure = { status: 'tle', message: 'Idleness limit exceeded', cause: 'time' };

/**
 * Puts a file the worker writes into the jury directory, which the interactor's box may write to: whatever is at
 * the path goes first, and `write` must create the file exclusively (so a link planted there is never followed).
 */
function placeFile(path: string, write: (path: string) => void): void {
  rmSync(path, { force: true, recursive: true });
  write(path);
}

/** Copies the interactor's output file out of its box's directory: a plain file only (never a link), or nothing. */
function copyOut(from: string, to: string): void {
  let fd: number | null = null;
  try {
    fd = openSync(from, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    if (!fstatSync(fd).isFile()) throw new Error('not a file');
    copyFileSync(`/proc/self/fd/${fd}`, to);
  } catch {
    writeFileSync(to, '', { mode: 0o600 });
  } finally {
    if (fd !== null) closeSync(fd);
  }
}

/**
 * The sandbox's own trouble (a box that would not start or answer) is the engine's failure, never a verdict. Once the
 * caller has cancelled, the cancellation is the answer instead: a run cancelled while its box starts fails that start.
 */
async function sandboxStep<T>(step: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  try {
    return await step();
  } catch (error) {
    signal?.throwIfAborted();
    throw new EngineFailure(`Sandbox failure: ${(error as Error).message}`);
  }
}

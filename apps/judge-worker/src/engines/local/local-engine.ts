import { CheckerTrialData, GradeResult, Language, RUN_CEILING, RunResult, TestCaseResult } from '@oj/contracts';
import { chmodSync, chownSync, lstatSync, mkdirSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { aggregateSubtaskResults, compileErrorResult, failedResult } from '../../grading/grade-aggregate';
import { SubtaskSkips } from '../../grading/subtask-skips';
import { CustomRunRequest, GradeRequest, JudgeEngine, ProgressListener, RunLimitsRequest } from '../judge-engine';
import { checkerFailureResult, withOutputJudge } from '../output-judges';
import { withRunVerdict } from '../run-verdict';
import { BoxCommand } from './box-command';
import { buildLauncher } from './box-launcher';
import { BoxPool } from './box-pool';
import { CgroupFactory } from './cgroup';
import { DEFAULT_CHECKER_CACHE_MB } from './checker-cache';
import { compileFailure } from './compiler-output';
import { CustomChecker } from './custom-checker';
import { compileErrorRun, customRunResult } from './custom-run-result';
import { AvailableLanguage, discoverLanguages, LANGUAGE_SPECS, ToolchainBind } from './language-catalog';
import { PrivateMounts } from './private-mounts';
import { Sandbox } from './sandbox';
import { COMPILE_LIMITS, MIB, RunLimits, runLimits } from './sandbox-limits';
import { BoxSource, FreshBoxSource, SubmissionBoxes } from './submission-boxes';
import { testVerdict } from './test-verdict';
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
 * Grades on this host in bubblewrap boxes: compile once per submission in a box with a writable /box, then run
 * every test from that artifact in a box that sees /box read-only (cleared between tests), input on stdin, output
 * checked outside. The boxes are started before submissions arrive and kept between them (BoxPool). Without a
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
  readonly customChecker: CustomChecker;

  constructor(options: LocalEngineOptions = {}) {
    const logger = options.logger ?? console;
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
    const binds = () => this.stageBinds([...this.catalog.values()].flatMap((l) => l.binds));
    this.boxes =
      launcher && cgroups
        ? new BoxPool({ workRoot: this.workRoot, launcher, cgroups, mounts: this.mounts, binds }, options.warmSlots ?? 1)
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

  compileChecker(source: string, languageId: number, trial?: CheckerTrialData) {
    return this.customChecker.compileResult(source, languageId, trial);
  }

  async languages(): Promise<Language[]> {
    return [...this.catalog.values()].map((l) => l.language);
  }

  async grade(request: GradeRequest, onProgress?: ProgressListener): Promise<GradeResult> {
    const lang = this.catalog.get(request.languageId);
    if (!lang) return failedResult(`Language ${request.languageId} is not available on this judge.`);
    try {
      return await this.compiled(lang, request, compileErrorResult, (boxes) =>
        withOutputJudge(
          request.checker,
          () => this.customChecker,
          async (judgeOutput) => {
            const results: TestCaseResult[] = [];
            const total = request.testCases.length;
            const skips = new SubtaskSkips(request.testCases, request.subtasks, request.stopAtFirstFailure);
            const command = this.runCommand(lang, request);
            for (let index = 0; index < total; index++) {
              const skipped = skips.skipped(index);
              if (skipped) {
                results.push(skipped);
              } else {
                const test = request.testCases[index];
                const limits = this.runLimits(lang, request, test.output);
                const ran = await boxes.run(command, test.input, limits, request.signal);
                request.signal?.throwIfAborted();
                results.push(skips.record(await testVerdict(index, test, ran, limits.memoryBytes, boxes.stdoutPath, judgeOutput)));
              }
              await onProgress?.(index + 1, total);
            }
            return aggregateSubtaskResults(results, request.testCases, request.subtasks ?? []);
          },
        ),
      );
    } catch (error) {
      // A cancelled job ends without a result.
      request.signal?.throwIfAborted();
      return checkerFailureResult(error) ?? failedResult(`Sandbox failure: ${(error as Error).message}`);
    }
  }

  /** A run's wall time stops at RUN_CEILING (its CPU time is capped before it gets here, see TimeFactorEngine). */
  async run(request: CustomRunRequest): Promise<RunResult> {
    const lang = this.catalog.get(request.languageId);
    if (!lang) throw new Error(`Language ${request.languageId} is not available on this judge.`);
    return this.compiled(lang, request, compileErrorRun, async (boxes) => {
      const problemLimits = this.runLimits(lang, request, '');
      const limits = { ...problemLimits, wallMs: Math.min(problemLimits.wallMs, RUN_CEILING.wallSeconds * 1000) };
      const ran = await boxes.run(this.runCommand(lang, request), request.stdin, limits, request.signal);
      request.signal?.throwIfAborted();
      return withRunVerdict(
        customRunResult(ran, limits.memoryBytes, boxes.stdoutPath),
        request.stdin,
        request.expected,
        () => this.customChecker,
      );
    });
  }

  /**
   * Compiles the source in the submission's boxes (see BoxSource), then hands `body` those boxes for its runs; a
   * compile error is `onCompileError`'s answer. The boxes are given back afterwards, whatever happened.
   */
  private async compiled<T>(
    lang: AvailableLanguage,
    request: RunLimitsRequest,
    onCompileError: (output: string) => T,
    body: (boxes: SubmissionBoxes) => Promise<T>,
  ): Promise<T> {
    const boxes = await this.boxes.acquire();
    try {
      writeFileSync(join(boxes.workDir, lang.spec.sourceFile), request.sourceCode, { mode: 0o644 });
      const compileError = await this.compile(lang, boxes, request.signal);
      request.signal?.throwIfAborted();
      return compileError === null ? await body(boxes) : onCompileError(compileError);
    } finally {
      boxes.release();
    }
  }

  /** Null when the artifact is ready, otherwise the (capped) compiler output. */
  private async compile(lang: AvailableLanguage, boxes: SubmissionBoxes, signal?: AbortSignal): Promise<string | null> {
    if (!lang.spec.compile) return null;
    const run = await boxes.compile({ command: lang.spec.compile, env: lang.spec.env }, COMPILE_LIMITS, signal);
    return compileFailure(run, boxes.stdoutPath);
  }

  private runCommand(lang: AvailableLanguage, request: RunLimitsRequest): BoxCommand {
    return { command: lang.spec.run(request.memoryLimit), env: lang.spec.env };
  }

  /** A test's limits; runtimes with a fixed overhead of their own (the JVM) get it on top of the problem's. */
  private runLimits(lang: AvailableLanguage, request: RunLimitsRequest, expectedOutput: string): RunLimits {
    const limits = runLimits(request.cpuTimeLimit, request.memoryLimit, Buffer.byteLength(expectedOutput));
    return { ...limits, memoryBytes: limits.memoryBytes + (lang.spec.runtimeOverheadMb ?? 0) * MIB };
  }
}

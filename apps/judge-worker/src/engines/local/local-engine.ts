import { CheckerTrialData, GradeResult, Language, RunResult, TestCaseResult } from '@oj/contracts';
import { chmodSync, chownSync, copyFileSync, lstatSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { aggregateSubtaskResults, compileErrorResult, failedResult } from '../../grading/grade-aggregate';
import { SubtaskSkips } from '../../grading/subtask-skips';
import { CustomRunRequest, GradeRequest, JudgeEngine, ProgressListener, RunLimitsRequest } from '../judge-engine';
import { checkerFailureResult, outputJudgeFor } from '../output-judges';
import { BOX_UID, BoxSpec } from './box-command';
import { buildLauncher } from './box-launcher';
import { CgroupFactory } from './cgroup';
import { compileFailure } from './compiler-output';
import { CustomChecker } from './custom-checker';
import { compileErrorRun, customRunResult } from './custom-run-result';
import { AvailableLanguage, discoverLanguages, LANGUAGE_SPECS } from './language-catalog';
import { PrivateMounts, removeBoxDir } from './private-mounts';
import { RunBox } from './run-box';
import { runOnce } from './run-once';
import { Sandbox, SandboxResult } from './sandbox';
import { COMPILE_LIMITS, MIB, RunLimits, runLimits } from './sandbox-limits';
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
}

/** A submission's tmpfs: what the compile may write (plus the source, FIFOs and the launcher). */
const SUBMISSION_TMPFS_BYTES = COMPILE_LIMITS.fileBytes + MIB;

/** Where a submission's boxes come from: its /box, the parent of their FIFO directories and their launcher. */
interface BoxPlace {
  workDir: string;
  ioParent: string;
  /** Null when runs use a fresh box each (no cgroup or no C compiler). */
  launcher: string | null;
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
 * every test from that artifact in one read-only run box for the submission (cleared between tests), input on
 * stdin, output checked outside. Without a cgroup or a C compiler for the launcher, each run gets a fresh box.
 */
export class LocalEngine implements JudgeEngine {
  readonly name = 'local' as const;
  private readonly catalog: Map<number, AvailableLanguage>;
  private readonly sandbox: Sandbox;
  private readonly workRoot: string;
  private readonly cgroups: CgroupFactory | null;
  /** The reusable run box's init; null when runs use a fresh box each (no cgroup or no C compiler). */
  private readonly launcher: string | null = null;
  /** Null where the worker may not mount: box binds then show their host paths in the box's mountinfo. */
  private readonly mounts: PrivateMounts | null;
  /** Problem authors' checkers, compiled and run in this engine's sandbox (also for the Judge0 engine). */
  readonly customChecker: CustomChecker;

  constructor(options: LocalEngineOptions = {}) {
    const logger = options.logger ?? console;
    this.workRoot = prepareWorkRoot(options.workRoot ?? join(tmpdir(), 'oj-judge'));
    const cgroups = CgroupFactory.detect(options.cgroupRoot);
    if ('unavailable' in cgroups) {
      logger.warn(
        `No writable cgroup (${cgroups.unavailable}): falling back to rlimits; memory figures are unavailable and limits are coarser.`,
      );
    }
    this.cgroups = 'unavailable' in cgroups ? null : cgroups;
    this.sandbox = new Sandbox(this.cgroups);
    if (this.cgroups) {
      const launcher = buildLauncher(this.workRoot);
      if ('path' in launcher) this.launcher = launcher.path;
      else logger.warn(`${launcher.unavailable}: every test run starts a fresh box (about 7 ms more per test).`);
    }
    const mounts = PrivateMounts.detect(this.workRoot);
    if ('unavailable' in mounts)
      logger.warn(`Cannot mount a tmpfs (${mounts.unavailable}): boxes can read the work root's path in /proc/self/mountinfo.`);
    this.mounts = 'unavailable' in mounts ? null : mounts;
    const wanted = options.languageIds;
    this.catalog = new Map(
      discoverLanguages(wanted ? LANGUAGE_SPECS.filter((s) => wanted.includes(s.id)) : LANGUAGE_SPECS).map((l) => [l.spec.id, l]),
    );
    this.customChecker = new CustomChecker({
      workRoot: this.workRoot,
      languages: this.catalog,
      place: { sandbox: this.sandbox, cgroups: this.cgroups, launcher: this.launcher },
      stageBinds: (binds) => (this.mounts && binds.length ? this.mounts.stagedBinds(binds) : binds),
    });
    logger.log(`Local engine languages: ${[...this.catalog.values()].map((l) => l.language.name).join(', ') || 'none'}`);
  }

  /** The launcher the submission's boxes run: a copy in its tmpfs, so the bind shows no host path. */
  private launcherIn(subDir: string): string | null {
    if (!this.launcher || !this.mounts) return this.launcher;
    const copy = join(subDir, 'launcher');
    copyFileSync(this.launcher, copy);
    chmodSync(copy, 0o755);
    return copy;
  }

  /** A language's toolchain binds, staged in a tmpfs where the worker may mount (see PrivateMounts). */
  private bindsOf(lang: AvailableLanguage) {
    return this.mounts && lang.binds.length ? this.mounts.stagedBinds(lang.binds) : lang.binds;
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
      return await this.compiled(lang, request, compileErrorResult, async (place, stdoutPath) => {
        const judgeOutput = await outputJudgeFor(request.checker, () => this.customChecker);
        if (typeof judgeOutput !== 'function') return judgeOutput;
        const results: TestCaseResult[] = [];
        const total = request.testCases.length;
        const skips = new SubtaskSkips(request.testCases, request.subtasks);
        await this.withRunner(lang, place, request, async (run) => {
          for (let index = 0; index < total; index++) {
            const skipped = skips.skipped(index);
            if (skipped) {
              results.push(skipped);
            } else {
              const test = request.testCases[index];
              const limits = this.runLimits(lang, request, test.output);
              const ran = await run(test.input, limits, stdoutPath);
              results.push(skips.record(await testVerdict(index, test, ran, limits.memoryBytes, stdoutPath, judgeOutput)));
            }
            await onProgress?.(index + 1, total);
          }
        });
        return aggregateSubtaskResults(results, request.testCases, request.subtasks ?? []);
      });
    } catch (error) {
      return checkerFailureResult(error) ?? failedResult(`Sandbox failure: ${(error as Error).message}`);
    }
  }

  async run(request: CustomRunRequest): Promise<RunResult> {
    const lang = this.catalog.get(request.languageId);
    if (!lang) throw new Error(`Language ${request.languageId} is not available on this judge.`);
    return this.compiled(lang, request, compileErrorRun, async (place, stdoutPath) => {
      const limits = this.runLimits(lang, request, '');
      let result: RunResult | undefined;
      await this.withRunner(lang, place, request, async (run) => {
        result = customRunResult(await run(request.stdin, limits, stdoutPath), limits.memoryBytes, stdoutPath);
      });
      return result as RunResult;
    });
  }

  /**
   * Compiles the source in a directory of its own (a tmpfs where the worker may mount, see PrivateMounts, holding
   * the box's /box, the run boxes' FIFO directories and the launcher they run), then hands `body` the box place
   * and the file runs write their output to; a compile error is `onCompileError`'s answer. Both go afterwards.
   */
  private async compiled<T>(
    lang: AvailableLanguage,
    request: RunLimitsRequest,
    onCompileError: (output: string) => T,
    body: (place: BoxPlace, stdoutPath: string) => Promise<T>,
  ): Promise<T> {
    const subDir = mkdtempSync(join(this.workRoot, `sub-${process.pid}-`));
    // Outputs go to a file the worker alone can reach (mkdtemp makes it 0700), never into the worker's memory whole.
    const outDir = mkdtempSync(join(this.workRoot, `out-${process.pid}-`));
    const stdoutPath = join(outDir, 'stdout');
    try {
      this.mounts?.mount(subDir, SUBMISSION_TMPFS_BYTES + Buffer.byteLength(request.sourceCode), 0o711, 0);
      chmodSync(subDir, 0o711);
      const workDir = join(subDir, 'box');
      mkdirSync(workDir, { mode: 0o700 });
      chownSync(workDir, BOX_UID, BOX_UID);
      const place: BoxPlace = { ioParent: subDir, launcher: this.launcherIn(subDir), workDir };
      writeFileSync(join(workDir, lang.spec.sourceFile), request.sourceCode, { mode: 0o644 });
      const compileError = await this.compile(lang, place, stdoutPath);
      return compileError === null ? await body(place, stdoutPath) : onCompileError(compileError);
    } finally {
      removeBoxDir(subDir);
      rmSync(outDir, { recursive: true, force: true });
    }
  }

  /** Null when the artifact is ready, otherwise the (capped) compiler output. */
  private async compile(lang: AvailableLanguage, place: BoxPlace, stdoutPath: string): Promise<string | null> {
    if (!lang.spec.compile) return null;
    const run = await this.runOnce(place, stdoutPath, {
      command: lang.spec.compile,
      boxDir: place.workDir,
      boxWritable: true,
      limits: COMPILE_LIMITS,
      env: lang.spec.env,
      binds: this.bindsOf(lang),
    });
    return compileFailure(run, stdoutPath);
  }

  /** One command in a box of its own: a run box with a single run where possible (see withRunner). */
  private runOnce(place: BoxPlace, stdoutPath: string, spec: BoxSpec): Promise<SandboxResult> {
    return runOnce({ sandbox: this.sandbox, cgroups: this.cgroups, launcher: place.launcher, ioParent: place.ioParent }, spec, stdoutPath);
  }

  /** A test's limits; runtimes with a fixed overhead of their own (the JVM) get it on top of the problem's. */
  private runLimits(lang: AvailableLanguage, request: RunLimitsRequest, expectedOutput: string): RunLimits {
    const limits = runLimits(request.cpuTimeLimit, request.memoryLimit, Buffer.byteLength(expectedOutput));
    return { ...limits, memoryBytes: limits.memoryBytes + (lang.spec.runtimeOverheadMb ?? 0) * MIB };
  }

  /**
   * Hands `body` a function that runs the artifact once: in one reusable box for the whole submission when the
   * launcher is available (a box that cannot take another run is replaced), else in a fresh box per run.
   */
  private async withRunner(
    lang: AvailableLanguage,
    place: BoxPlace,
    request: RunLimitsRequest,
    body: (run: (stdin: string, limits: RunLimits, stdoutPath: string) => Promise<SandboxResult>) => Promise<void>,
  ): Promise<void> {
    const spec: Omit<BoxSpec, 'limits'> = {
      command: lang.spec.run(request.memoryLimit),
      boxDir: place.workDir,
      boxWritable: false,
      env: lang.spec.env,
      binds: this.bindsOf(lang),
    };
    const { launcher } = place;
    const { cgroups } = this;
    if (!launcher || !cgroups) {
      await body((stdin, limits, stdoutPath) => this.sandbox.run({ ...spec, limits, stdin, stdoutPath }));
      return;
    }
    // The box-wide limits (cgroup, rlimits) are the problem's; only the output caps differ between tests.
    const boxLimits = this.runLimits(lang, request, '');
    let current: RunBox | null = null;
    try {
      await body(async (stdin, limits, stdoutPath) => {
        for (let attempt = 0; attempt < 2; attempt++) {
          current ??= await RunBox.start({ ...spec, limits: boxLimits }, launcher, cgroups, place.ioParent);
          const result = await current.run(stdin, limits, stdoutPath);
          if (result) return result;
          await current.close();
          current = null;
        }
        throw new Error('no run box could take the test');
      });
    } finally {
      await (current as RunBox | null)?.close();
    }
  }
}

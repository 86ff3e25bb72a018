import { GradeResult, Language, TestCaseResult } from '@oj/contracts';
import { chmodSync, chownSync, lstatSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { compileErrorResult, failedResult, aggregateResults } from '../../grading/grade-aggregate';
import { GradeRequest, JudgeEngine, ProgressListener } from '../judge-engine';
import { buildLauncher } from './box-launcher';
import { CgroupFactory } from './cgroup';
import { AvailableLanguage, discoverLanguages } from './language-catalog';
import { BOX_UID, BoxSpec } from './box-command';
import { Sandbox, SandboxResult } from './sandbox';
import { RunBox } from './run-box';
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
}

const COMPILER_OUTPUT_CAP = 16 * 1024;

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

  constructor(options: LocalEngineOptions = {}) {
    const logger = options.logger ?? console;
    this.workRoot = prepareWorkRoot(options.workRoot ?? join(tmpdir(), 'oj-judge'));
    const cgroups = CgroupFactory.detect(options.cgroupRoot);
    if ('unavailable' in cgroups) {
      logger.warn(`No writable cgroup (${cgroups.unavailable}): falling back to rlimits; memory figures are unavailable and limits are coarser.`);
    }
    this.cgroups = 'unavailable' in cgroups ? null : cgroups;
    this.sandbox = new Sandbox(this.cgroups);
    if (this.cgroups) {
      const launcher = buildLauncher(this.workRoot);
      if ('path' in launcher) this.launcher = launcher.path;
      else logger.warn(`${launcher.unavailable}: every test run starts a fresh box (about 7 ms more per test).`);
    }
    this.catalog = new Map(discoverLanguages().map((l) => [l.spec.id, l]));
    logger.log(`Local engine languages: ${[...this.catalog.values()].map((l) => l.language.name).join(', ') || 'none'}`);
  }

  async languages(): Promise<Language[]> {
    return [...this.catalog.values()].map((l) => l.language);
  }

  async grade(request: GradeRequest, onProgress?: ProgressListener): Promise<GradeResult> {
    const lang = this.catalog.get(request.languageId);
    if (!lang) return failedResult(`Language ${request.languageId} is not available on this judge.`);
    const workDir = mkdtempSync(join(this.workRoot, `sub-${process.pid}-`));
    try {
      chownSync(workDir, BOX_UID, BOX_UID);
      writeFileSync(join(workDir, lang.spec.sourceFile), request.sourceCode, { mode: 0o644 });
      const compileError = await this.compile(lang, workDir);
      if (compileError !== null) return compileErrorResult(compileError);
      const results: TestCaseResult[] = [];
      const total = request.testCases.length;
      await this.withRunner(lang, workDir, request, async (run) => {
        for (let index = 0; index < total; index++) {
          const test = request.testCases[index];
          const limits = this.runLimits(lang, request, test.output);
          results.push(testVerdict(index, test, await run(test.input, limits), limits.memoryBytes));
          await onProgress?.(index + 1, total);
        }
      });
      return aggregateResults(results, request.testCases.reduce((sum, t) => sum + t.points, 0));
    } catch (error) {
      return failedResult(`Sandbox failure: ${(error as Error).message}`);
    } finally {
      rmSync(workDir, { recursive: true, force: true });
    }
  }

  /** Null when the artifact is ready, otherwise the (capped) compiler output. */
  private async compile(lang: AvailableLanguage, workDir: string): Promise<string | null> {
    if (!lang.spec.compile) return null;
    const run = await this.runOnce({
      command: lang.spec.compile,
      boxDir: workDir,
      boxWritable: true,
      limits: COMPILE_LIMITS,
      env: lang.spec.env,
      binds: lang.binds,
    });
    if (run.termination === 'exited' && run.exitCode === 0) return null;
    const output = Buffer.concat([run.stderr, run.stdout]).toString('utf8').slice(0, COMPILER_OUTPUT_CAP).trim();
    if (run.termination === 'cpu-limit' || run.termination === 'wall-limit') return `Compilation time limit exceeded.\n${output}`.trim();
    if (run.termination === 'memory-limit') return `Compilation memory limit exceeded.\n${output}`.trim();
    return output || `Compiler exited with code ${run.exitCode}.`;
  }

  /** One command in a box of its own: a run box with a single run where possible (see withRunner). */
  private async runOnce(spec: BoxSpec): Promise<SandboxResult> {
    const { launcher, cgroups } = this;
    if (!launcher || !cgroups) return this.sandbox.run({ ...spec, stdin: '' });
    const box = await RunBox.start(spec, launcher, cgroups, this.workRoot);
    try {
      const result = await box.run('', spec.limits);
      if (!result) throw new Error('a fresh run box refused its run');
      return result;
    } finally {
      await box.close();
    }
  }

  /** A test's limits; runtimes with a fixed overhead of their own (the JVM) get it on top of the problem's. */
  private runLimits(lang: AvailableLanguage, request: GradeRequest, expectedOutput: string): RunLimits {
    const limits = runLimits(request.cpuTimeLimit, request.memoryLimit, Buffer.byteLength(expectedOutput));
    return { ...limits, memoryBytes: limits.memoryBytes + (lang.spec.runtimeOverheadMb ?? 0) * MIB };
  }

  /**
   * Hands `body` a function that runs the artifact once: in one reusable box for the whole submission when the
   * launcher is available (a box that cannot take another run is replaced), else in a fresh box per run.
   */
  private async withRunner(
    lang: AvailableLanguage,
    workDir: string,
    request: GradeRequest,
    body: (run: (stdin: string, limits: RunLimits) => Promise<SandboxResult>) => Promise<void>,
  ): Promise<void> {
    const spec: Omit<BoxSpec, 'limits'> = { command: lang.spec.run(request.memoryLimit), boxDir: workDir, boxWritable: false, env: lang.spec.env, binds: lang.binds };
    const { launcher, cgroups } = this;
    if (!launcher || !cgroups) {
      await body((stdin, limits) => this.sandbox.run({ ...spec, limits, stdin }));
      return;
    }
    // The box-wide limits (cgroup, rlimits) are the problem's; only the output caps differ between tests.
    const boxLimits = this.runLimits(lang, request, '');
    let current: RunBox | null = null;
    try {
      await body(async (stdin, limits) => {
        for (let attempt = 0; attempt < 2; attempt++) {
          current ??= await RunBox.start({ ...spec, limits: boxLimits }, launcher, cgroups, this.workRoot);
          const result = await current.run(stdin, limits);
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

import { GradeResult, Language, TestCaseResult } from '@oj/contracts';
import { chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { compileErrorResult, failedResult, aggregateResults } from '../../grading/grade-aggregate';
import { GradeRequest, JudgeEngine, ProgressListener } from '../judge-engine';
import { CgroupFactory } from './cgroup';
import { AvailableLanguage, discoverLanguages } from './language-catalog';
import { BOX_UID, Sandbox } from './sandbox';
import { COMPILE_LIMITS, MIB, runLimits } from './sandbox-limits';
import { testVerdict } from './test-verdict';

export interface EngineLogger {
  log(message: string): void;
  warn(message: string): void;
}

export interface LocalEngineOptions {
  /** Host directory under which each submission gets its private work directory. */
  workRoot?: string;
  logger?: EngineLogger;
}

const COMPILER_OUTPUT_CAP = 16 * 1024;

/**
 * Grades on this host in bubblewrap boxes: compile once per submission in a writable box, then run every test
 * from that artifact in a fresh read-only box of its own, input on stdin, output checked outside.
 */
export class LocalEngine implements JudgeEngine {
  readonly name = 'local' as const;
  private readonly catalog: Map<number, AvailableLanguage>;
  private readonly sandbox: Sandbox;
  private readonly workRoot: string;

  constructor(options: LocalEngineOptions = {}) {
    const logger = options.logger ?? console;
    this.workRoot = options.workRoot ?? join(tmpdir(), 'oj-judge');
    mkdirSync(this.workRoot, { recursive: true, mode: 0o711 });
    const cgroups = CgroupFactory.detect();
    if ('unavailable' in cgroups) {
      logger.warn(`No writable cgroup (${cgroups.unavailable}): falling back to rlimits; memory figures are unavailable and limits are coarser.`);
    }
    this.sandbox = new Sandbox('unavailable' in cgroups ? null : cgroups);
    this.catalog = new Map(discoverLanguages().map((l) => [l.spec.id, l]));
    logger.log(`Local engine languages: ${[...this.catalog.values()].map((l) => l.language.name).join(', ') || 'none'}`);
  }

  async languages(): Promise<Language[]> {
    return [...this.catalog.values()].map((l) => l.language);
  }

  async grade(request: GradeRequest, onProgress?: ProgressListener): Promise<GradeResult> {
    const lang = this.catalog.get(request.languageId);
    if (!lang) return failedResult(`Language ${request.languageId} is not available on this judge.`);
    const workDir = mkdtempSync(join(this.workRoot, 'sub-'));
    try {
      chownSync(workDir, BOX_UID, BOX_UID);
      writeFileSync(join(workDir, lang.spec.sourceFile), request.sourceCode, { mode: 0o644 });
      const compileError = await this.compile(lang, workDir);
      if (compileError !== null) return compileErrorResult(compileError);
      const results: TestCaseResult[] = [];
      const total = request.testCases.length;
      for (let index = 0; index < total; index++) {
        results.push(await this.runTest(lang, workDir, request, index));
        await onProgress?.(index + 1, total);
      }
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
    const run = await this.sandbox.run({
      command: lang.spec.compile,
      boxDir: workDir,
      boxWritable: true,
      stdin: '',
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

  private async runTest(lang: AvailableLanguage, workDir: string, request: GradeRequest, index: number): Promise<TestCaseResult> {
    const test = request.testCases[index];
    const limits = runLimits(request.cpuTimeLimit, request.memoryLimit, Buffer.byteLength(test.output));
    const overhead = (lang.spec.runtimeOverheadMb ?? 0) * MIB;
    const run = await this.sandbox.run({
      command: lang.spec.run(request.memoryLimit),
      boxDir: workDir,
      boxWritable: false,
      stdin: test.input,
      limits: { ...limits, memoryBytes: limits.memoryBytes + overhead },
      env: lang.spec.env,
      binds: lang.binds,
    });
    return testVerdict(index, test, run, limits.memoryBytes + overhead);
  }
}

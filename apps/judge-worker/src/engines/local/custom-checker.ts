import { CheckerCompileResult, CheckerTrialData, CheckerTrialOutcome } from '@oj/contracts';
import { createHash } from 'crypto';
import { chmodSync, chownSync, copyFileSync, lstatSync, mkdirSync, mkdtempSync, renameSync, writeFileSync } from 'fs';
import { join } from 'path';

import { CHECKER_CPU_SECONDS, CheckerFailure, CheckerJudgement, checkerJudgement } from '../../grading/custom-checker-verdict';
import { TESTLIB_BOX_DIR, TESTLIB_HEADER_FILE, testlibHeader } from '../checker-support/testlib-header';
import { BOX_UID } from './box-command';
import { compileFailure } from './compiler-output';
import { AvailableLanguage, ToolchainBind } from './language-catalog';
import { removeBoxDir } from './private-mounts';
import { OneRunPlace, runOnce } from './run-once';
import { COMPILE_LIMITS, MIB, RUN_MAX_PIDS, RunLimits, STDERR_CAP } from './sandbox-limits';

/** A checker's own limits, whatever the problem's. */
export const CHECKER_LIMITS: RunLimits = {
  cpuMs: CHECKER_CPU_SECONDS * 1000,
  wallMs: 2 * CHECKER_CPU_SECONDS * 1000 + 1000,
  memoryBytes: 512 * MIB,
  maxPids: RUN_MAX_PIDS,
  stdoutBytes: STDERR_CAP,
  stderrBytes: STDERR_CAP,
  fileBytes: 16 * MIB,
};

/** A compiled checker (its binary in the cache), or why it did not compile. */
export type CheckerBuild = { program: string } | { compilerOutput: string };

export interface CustomCheckerHost {
  workRoot: string;
  /** The languages checkers may be written in, as the engine found them. */
  languages: ReadonlyMap<number, AvailableLanguage>;
  /** Where its boxes come from (see runOnce); their FIFO directories go in the work root. */
  place: Omit<OneRunPlace, 'ioParent'>;
  /** Toolchain binds as the engine stages them (see PrivateMounts). */
  stageBinds: (binds: ToolchainBind[]) => ToolchainBind[];
}

/**
 * Compiles and runs problem authors' checkers, testlib style, in the same sandbox as submissions and never on the
 * host. A checker compiles once: its binary is cached in the work root under the hash of its language, source and
 * the testlib header, so each problem version compiles once per worker host. Each check runs in a fresh read-only
 * box that holds the test's input, the contestant's output and the jury's answer, and nothing else.
 */
export class CustomChecker {
  private readonly builds = new Map<string, Promise<CheckerBuild>>();
  private readonly cacheDir: string;
  private readonly header = testlibHeader();

  constructor(private readonly host: CustomCheckerHost) {
    this.cacheDir = join(host.workRoot, 'checkers');
  }

  /** The checker's binary, compiled now or earlier (concurrent requests for one checker share one compile). */
  build(source: string, languageId: number): Promise<CheckerBuild> {
    const hash = createHash('sha256').update(`${languageId}\0${source}\0${this.header}`).digest('hex');
    let build = this.builds.get(hash);
    if (!build) {
      build = this.compile(source, languageId, join(this.cacheDir, hash));
      this.builds.set(hash, build);
      // A sandbox failure is no answer about the checker: the next request tries again.
      build.catch(() => this.builds.delete(hash));
    }
    return build;
  }

  /** Compiles for the API's check when a problem is saved, and runs the checker on a trial test if one is given. */
  async compileResult(source: string, languageId: number, trial?: CheckerTrialData): Promise<CheckerCompileResult> {
    const build = await this.build(source, languageId);
    if (!('program' in build)) return { compiled: false, compilerOutput: build.compilerOutput };
    return { compiled: true, compilerOutput: '', ...(trial ? { trial: await this.tryOn(build.program, trial) } : {}) };
  }

  private async tryOn(program: string, trial: CheckerTrialData): Promise<CheckerTrialOutcome> {
    const dir = this.newDir();
    try {
      const outputPath = join(dir, 'output');
      writeFileSync(outputPath, trial.output, { mode: 0o600 });
      const judgement = await this.check(program, trial.input, outputPath, trial.answer);
      return { outcome: judgement.status, fraction: judgement.fraction, message: judgement.message };
    } catch (error) {
      if (error instanceof CheckerFailure) return { outcome: 'failed', fraction: 0, message: error.message };
      throw error;
    } finally {
      removeBoxDir(dir);
    }
  }

  /** Runs a compiled checker on one test; a CheckerFailure when the checker itself fails. */
  async check(program: string, input: string, outputPath: string, answer: string): Promise<CheckerJudgement> {
    const dir = this.newDir();
    try {
      const box = join(dir, 'box');
      mkdirSync(box, { mode: 0o755 });
      writeFileSync(join(box, 'input.txt'), input, { mode: 0o644 });
      copyFileSync(outputPath, join(box, 'output.txt'));
      chmodSync(join(box, 'output.txt'), 0o644);
      writeFileSync(join(box, 'answer.txt'), answer, { mode: 0o644 });
      const run = await runOnce(
        { ...this.host.place, ioParent: dir },
        {
          command: ['/checker', 'input.txt', 'output.txt', 'answer.txt'],
          boxDir: box,
          boxWritable: false,
          limits: CHECKER_LIMITS,
          binds: [{ host: program, box: '/checker' }],
        },
        join(dir, 'stdout'),
      );
      return checkerJudgement(run);
    } finally {
      removeBoxDir(dir);
    }
  }

  private async compile(source: string, languageId: number, cached: string): Promise<CheckerBuild> {
    if (this.header === null) return { compilerOutput: `This judge worker's build has no testlib.h (${TESTLIB_HEADER_FILE}).` };
    if (isRegularFile(cached)) return { program: cached };
    const lang = this.host.languages.get(languageId);
    if (!lang?.spec.compile) return { compilerOutput: `Checkers in language ${languageId} cannot be compiled on this judge.` };
    const [compiler, ...args] = lang.spec.compile;
    const dir = this.newDir();
    try {
      const box = join(dir, 'box');
      mkdirSync(box, { mode: 0o700 });
      chownSync(box, BOX_UID, BOX_UID);
      writeFileSync(join(box, lang.spec.sourceFile), source, { mode: 0o644 });
      const stdoutPath = join(dir, 'stdout');
      const binds = this.host.stageBinds([...lang.binds, { host: TESTLIB_HEADER_FILE, box: `${TESTLIB_BOX_DIR}/testlib.h` }]);
      const run = await runOnce(
        { ...this.host.place, ioParent: dir },
        {
          command: [compiler, `-I${TESTLIB_BOX_DIR}`, ...args],
          boxDir: box,
          boxWritable: true,
          limits: COMPILE_LIMITS,
          env: lang.spec.env,
          binds,
        },
        stdoutPath,
      );
      const failure = compileFailure(run, stdoutPath);
      if (failure !== null) return { compilerOutput: failure };
      // The box wrote `main`: take it only as a plain file (never follow a link it may have planted).
      const built = join(box, 'main');
      if (!isRegularFile(built)) return { compilerOutput: 'The compiler produced no program.' };
      // Made on the first compile, so a worker that never meets a custom checker leaves no trace of them.
      mkdirSync(this.cacheDir, { recursive: true, mode: 0o711 });
      const partial = `${cached}.${process.pid}.tmp`;
      copyFileSync(built, partial);
      chmodSync(partial, 0o755);
      renameSync(partial, cached);
      return { program: cached };
    } finally {
      removeBoxDir(dir);
    }
  }

  /** A private directory for one compile or check, swept after a crash like the engine's (see worker-leftovers). */
  private newDir(): string {
    const dir = mkdtempSync(join(this.host.workRoot, `chk-${process.pid}-`));
    chmodSync(dir, 0o711);
    return dir;
  }
}

function isRegularFile(path: string): boolean {
  try {
    return lstatSync(path).isFile();
  } catch {
    return false;
  }
}

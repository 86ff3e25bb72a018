import { createHash } from 'crypto';
import { chmodSync, chownSync, copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'fs';
import { join } from 'path';

import { TESTLIB_BOX_DIR, TESTLIB_HEADER_FILE, testlibHeader } from '../checker-support/testlib-header';
import { CHECKER_CPU_SECONDS, CheckerBuild, CheckerFiles, CheckerSandbox, EngineFailure, ToolRun } from '../judge-engine';
import { BOX_UID } from './box-command';
import { CheckerCache, isRegularFile } from './checker-cache';
import { compileFailure } from './compiler-output';
import { AvailableLanguage, ToolchainBind } from './language-catalog';
import { removeBoxDir } from './private-mounts';
import { OneRunPlace, runOnce } from './run-once';
import { COMPILE_LIMITS, MIB, RUN_MAX_PIDS, RunLimits, STDERR_CAP } from './sandbox-limits';
import { wallClockMs } from './time-limit';

/** A checker's own limits, whatever the problem's. */
export const CHECKER_LIMITS: RunLimits = {
  cpuMs: CHECKER_CPU_SECONDS * 1000,
  wallMs: wallClockMs(CHECKER_CPU_SECONDS * 1000),
  memoryBytes: 512 * MIB,
  maxPids: RUN_MAX_PIDS,
  stdoutBytes: STDERR_CAP,
  stderrBytes: STDERR_CAP,
  fileBytes: 16 * MIB,
};

/**
 * The largest checker binary a worker keeps. A checker with a large initialised array compiles to a file that
 * large, which the cache would keep on the worker's disk: past this size it is a compile error.
 */
export const CHECKER_BINARY_MAX_BYTES = 16 * MIB;
const TOO_LARGE = `The compiled checker would be larger than ${CHECKER_BINARY_MAX_BYTES / MIB} MiB, the most a checker may be (a large initialised array?).`;

/** A compile's limits, its files no larger than a checker may be: past that the assembler or linker stops (SIGXFSZ). */
const CHECKER_COMPILE_LIMITS: RunLimits = { ...COMPILE_LIMITS, fileBytes: CHECKER_BINARY_MAX_BYTES };

export interface CustomCheckerHost {
  workRoot: string;
  /** The languages checkers may be written in, as the engine found them. */
  languages: ReadonlyMap<number, AvailableLanguage>;
  /** Where its boxes come from (see runOnce); their FIFO directories go in the work root. */
  place: Omit<OneRunPlace, 'ioParent'>;
  /** Toolchain binds as the engine stages them (see PrivateMounts). */
  stageBinds: (binds: ToolchainBind[]) => ToolchainBind[];
  /** The most the compiled checkers may take on disk (see CheckerCache). */
  cacheBytes: number;
}

/**
 * Compiles and runs problem authors' checkers, testlib style, in the same sandbox as submissions and never on the
 * host. A checker compiles once: its binary is cached in the work root under the hash of its language, source and
 * the testlib header, so each problem version compiles once per worker host while the cache keeps it. Each check
 * runs in a fresh read-only box that holds the test's input, the contestant's output and the jury's answer, and
 * nothing else.
 */
export class CustomChecker implements CheckerSandbox {
  /** Compiles under way, by cache key, and how many requests wait for each. */
  private readonly compiling = new Map<string, { result: Promise<CheckerBuild>; waiting: number }>();
  private readonly cache: CheckerCache;
  private readonly header = testlibHeader();

  constructor(private readonly host: CustomCheckerHost) {
    this.cache = new CheckerCache(host.workRoot, host.cacheBytes);
  }

  /** The checker's binary, compiled now or earlier, held until the build is released; or its compiler output. */
  async build(source: string, languageId: number): Promise<CheckerBuild> {
    const key = createHash('sha256').update(`${languageId}\0${source}\0${this.header}`).digest('hex');
    return this.cache.lease(key) ?? this.compileShared(key, source, languageId);
  }

  /**
   * Runs a compiled checker on one test, in a fresh read-only box holding the three files; how it ended (its
   * verdict is the grading's to read). The sandbox's own trouble is an EngineFailure.
   */
  async check(program: string, files: CheckerFiles): Promise<ToolRun> {
    const dir = this.newDir();
    try {
      const box = join(dir, 'box');
      mkdirSync(box, { mode: 0o755 });
      writeFileSync(join(box, 'input.txt'), files.input, { mode: 0o644 });
      copyFileSync(files.outputPath, join(box, 'output.txt'));
      chmodSync(join(box, 'output.txt'), 0o644);
      writeFileSync(join(box, 'answer.txt'), files.answer, { mode: 0o644 });
      return await runOnce(
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
    } catch (error) {
      throw new EngineFailure(`Sandbox failure while checking: ${(error as Error).message}`);
    } finally {
      removeBoxDir(dir);
    }
  }

  /**
   * Concurrent requests for one checker share one compile. Each gets a lease of its own, taken while the compile's
   * lease still holds the new entry; the last to take one releases the compile's.
   */
  private async compileShared(key: string, source: string, languageId: number): Promise<CheckerBuild> {
    let shared = this.compiling.get(key);
    if (!shared) {
      shared = { result: this.compile(source, languageId, key), waiting: 0 };
      this.compiling.set(key, shared);
    }
    shared.waiting++;
    let compiled: CheckerBuild | undefined;
    try {
      compiled = await shared.result;
      if ('compilerOutput' in compiled) return compiled;
      const lease = this.cache.lease(key);
      if (!lease) throw new Error('The compiled checker left the cache while it was held.');
      return lease;
    } finally {
      if (--shared.waiting === 0) {
        this.compiling.delete(key);
        if (compiled && 'release' in compiled) compiled.release();
      }
    }
  }

  /** Compiles into the cache under `key`: a lease on the new entry, or why it did not compile. */
  private async compile(source: string, languageId: number, key: string): Promise<CheckerBuild> {
    if (this.header === null) return { compilerOutput: `This judge worker's build has no testlib.h (${TESTLIB_HEADER_FILE}).` };
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
          limits: CHECKER_COMPILE_LIMITS,
          env: lang.spec.env,
          binds,
        },
        stdoutPath,
      );
      const failure = compileFailure(run, stdoutPath);
      if (failure !== null)
        return { compilerOutput: /File size limit exceeded|File too large/i.test(failure) ? `${TOO_LARGE}\n${failure}` : failure };
      // The box wrote `main`: take it only as a plain file (never follow a link it may have planted).
      const built = join(box, 'main');
      if (!isRegularFile(built)) return { compilerOutput: 'The compiler produced no program.' };
      return this.cache.add(key, built);
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

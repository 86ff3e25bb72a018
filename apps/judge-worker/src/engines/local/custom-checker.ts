import { createHash } from 'crypto';
import { chmodSync, chownSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'fs';
import { join } from 'path';

import { TESTLIB_BOX_DIR, TESTLIB_HEADER_FILE, testlibHeader } from '../checker-support/testlib-header';
import {
  CHECKER_CPU_SECONDS,
  CheckerBuild,
  CheckerFiles,
  CheckerLease,
  CheckerSandbox,
  EngineFailure,
  JuryBinary,
  JuryCall,
  JurySource,
  ToolRun,
} from '../judge-engine';
import { BOX_UID, BoxCommand } from './box-command';
import { CheckerCache, isRegularFile } from './checker-cache';
import { compileFailure } from './compiler-output';
import { FEEDBACK_DIR, makeFeedbackDir, readFeedbackDir } from './feedback-dir';
import { AvailableLanguage } from './language-catalog';
import { removeBoxDir } from './private-mounts';
import { PYTHON_VALIDATOR_BUILD, scriptInterpreter } from './python-validator';
import { OneRunPlace, runOnce } from './run-once';
import { COMPILE_LIMITS, MIB, RUN_MAX_PIDS, STDERR_CAP } from './sandbox-limits';
import { RunLimits, ToolchainBind } from './sandbox-types';
import { wallClockMs } from './time-limit';
import { ownedPrefix } from './worker-owned-names';

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

/** Names a support file may not take: the program a build leaves. */
const RESERVED_NAMES = new Set(['main', '__main__.py']);

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
  private readonly compiling = new Map<string, { result: Promise<CheckerLease | { compilerOutput: string }>; waiting: number }>();
  private readonly cache: CheckerCache;
  private readonly header = testlibHeader();

  constructor(private readonly host: CustomCheckerHost) {
    this.cache = new CheckerCache(host.workRoot, host.cacheBytes);
  }

  /**
   * The checker's program (a binary, or a Python validator's archive), built now or earlier, held until the build
   * is released; or its compiler output.
   */
  async build(jury: JurySource): Promise<CheckerBuild> {
    const files = jury.supportFiles ?? [];
    const key = createHash('sha256')
      .update(`${jury.languageId}\0${jury.source}\0${this.header}\0${JSON.stringify(files.map((f) => [f.name, f.content]))}`)
      .digest('hex');
    const interpreter = this.interpreterOf(jury.languageId);
    const leased = this.cache.lease(key);
    if (leased) return { ...leased, interpreter };
    const built = await this.compileShared(key, jury);
    return 'compilerOutput' in built ? built : { ...built, interpreter };
  }

  /**
   * Runs a built checker on one test, in a fresh box holding the test's files; how it ended (its verdict is the
   * grading's to read). A testlib checker reads three read-only files; an ICPC validator reads the input and the
   * answer, the output on its stdin, and may write only in its feedback directory, which is read back. The
   * sandbox's own trouble is an EngineFailure.
   */
  async check(binary: JuryBinary, files: CheckerFiles, call: JuryCall): Promise<ToolRun> {
    const dir = this.newDir();
    try {
      const box = join(dir, 'box');
      mkdirSync(box, { mode: 0o755 });
      writeFileSync(join(box, 'input.txt'), files.input, { mode: 0o644 });
      writeFileSync(join(box, 'answer.txt'), files.answer, { mode: 0o644 });
      const icpc = call.protocol === 'icpc';
      let command: BoxCommand['command'];
      let stdin: Buffer | string = '';
      if (icpc) {
        makeFeedbackDir(join(box, FEEDBACK_DIR));
        command = [...binary.interpreter, '/checker', 'input.txt', 'answer.txt', `${FEEDBACK_DIR}/`, ...call.validatorFlags];
        stdin = readFileSync(files.outputPath);
      } else {
        copyFileSync(files.outputPath, join(box, 'output.txt'));
        chmodSync(join(box, 'output.txt'), 0o644);
        command = [...binary.interpreter, '/checker', 'input.txt', 'output.txt', 'answer.txt'];
      }
      const run = await runOnce(
        { ...this.host.place, ioParent: dir },
        {
          command,
          boxDir: box,
          // The box's own directory stays the worker's (mode 0755): the validator writes only in its feedback directory.
          boxWritable: icpc,
          limits: CHECKER_LIMITS,
          binds: [{ host: binary.program, box: '/checker' }],
        },
        join(dir, 'stdout'),
        stdin,
      );
      return icpc ? { ...run, feedback: readFeedbackDir(join(box, FEEDBACK_DIR)) } : run;
    } catch (error) {
      throw new EngineFailure(`Sandbox failure while checking: ${(error as Error).message}`);
    } finally {
      removeBoxDir(dir);
    }
  }

  /** The argv before a built program's path: a script's interpreter, nothing for a binary. */
  private interpreterOf(languageId: number): string[] {
    const lang = this.host.languages.get(languageId);
    return lang && !lang.spec.compile ? scriptInterpreter(lang.spec) : [];
  }

  /**
   * Concurrent requests for one checker share one compile. Each gets a lease of its own, taken while the compile's
   * lease still holds the new entry; the last to take one releases the compile's.
   */
  private async compileShared(key: string, jury: JurySource): Promise<CheckerLease | { compilerOutput: string }> {
    let shared = this.compiling.get(key);
    if (!shared) {
      shared = { result: this.compile(jury, key), waiting: 0 };
      this.compiling.set(key, shared);
    }
    shared.waiting++;
    let compiled: CheckerLease | { compilerOutput: string } | undefined;
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

  /**
   * Compiles into the cache under `key`, its support files written beside the source first: a lease on the new
   * entry, or why it did not compile. A Python validator is checked for syntax and packed with its modules into
   * one archive that python3 runs (see python-validator.ts).
   */
  private async compile(jury: JurySource, key: string): Promise<CheckerLease | { compilerOutput: string }> {
    if (this.header === null) return { compilerOutput: `This judge worker's build has no testlib.h (${TESTLIB_HEADER_FILE}).` };
    const { languageId } = jury;
    const lang = this.host.languages.get(languageId);
    const recipe =
      lang?.spec.compile ?? (lang && lang.spec.id === PYTHON_VALIDATOR_BUILD.languageId ? PYTHON_VALIDATOR_BUILD.command : null);
    if (!lang || !recipe) return { compilerOutput: `Checkers in language ${languageId} cannot be compiled on this judge.` };
    const clash = (jury.supportFiles ?? []).find((f) => RESERVED_NAMES.has(f.name) || f.name === lang.spec.sourceFile);
    if (clash) return { compilerOutput: `The support file ${clash.name} would replace the checker's own source or program.` };
    const [compiler, ...args] = recipe;
    const dir = this.newDir();
    try {
      const box = join(dir, 'box');
      mkdirSync(box, { mode: 0o700 });
      chownSync(box, BOX_UID, BOX_UID);
      for (const file of jury.supportFiles ?? []) writeFileSync(join(box, file.name), file.content, { mode: 0o644, flag: 'wx' });
      writeFileSync(join(box, lang.spec.sourceFile), jury.source, { mode: 0o644 });
      const stdoutPath = join(dir, 'stdout');
      const binds = this.host.stageBinds([...lang.binds, { host: TESTLIB_HEADER_FILE, box: `${TESTLIB_BOX_DIR}/testlib.h` }]);
      const run = await runOnce(
        { ...this.host.place, ioParent: dir },
        {
          command: lang.spec.compile ? [compiler, `-I${TESTLIB_BOX_DIR}`, ...args] : recipe,
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
    const dir = mkdtempSync(join(this.host.workRoot, ownedPrefix('chk')));
    chmodSync(dir, 0o711);
    return dir;
  }
}

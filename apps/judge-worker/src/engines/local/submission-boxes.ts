import { MAX_SOURCE_BYTES } from '@oj/contracts';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'fs';
import { join } from 'path';

import { TranscriptRecorder } from '../transcript-recorder';
import { BOX_UID, BoxCommand, BoxMounts } from './box-command';
import { ForkedLanguage, ForkedResult } from './fork-server/fork-server';
import { PairResult, PairSide } from './interaction';
import { PrivateMounts, removeBoxDir } from './private-mounts';
import { SandboxResult } from './run-supervision';
import { Sandbox } from './sandbox';
import { COMPILE_LIMITS, MIB } from './sandbox-limits';
import { ForkedInterpreter, RunLimits, ToolchainBind } from './sandbox-types';
import { ownedPrefix } from './worker-owned-names';

/**
 * Where one submission is compiled and run: its /box, writable to the compile and read-only to the runs, and the
 * file each run's standard output goes to (outside every box, so the worker never holds an output whole).
 */
export interface SubmissionBoxes {
  readonly workDir: string;
  readonly stdoutPath: string;
  /**
   * Says, as soon as the submission's language is known, which fork server its tests use (undefined: none), so
   * boxes that started one before it arrived close it meanwhile if it is not that one.
   */
  expect(forked: ForkedLanguage | undefined): void;
  /**
   * `signal` aborts when the job is cancelled: the run's processes are killed at once. `forked`: `command` is the
   * language's syntax check, which boxes that host the language's fork server have its child do instead (no
   * interpreter starts for it); others run `command` in the compile box.
   */
  compile(command: BoxCommand, limits: RunLimits, signal?: AbortSignal, forked?: ForkedLanguage): Promise<SandboxResult>;
  /**
   * `forked`: `command` is a Python interpreter's (`<python> -S <program>`), and boxes that can host a fork server
   * (fork-server/fork-server.ts) run the test as its child; others run `command`. With `checkSyntaxFirst`, that
   * child checks the program's syntax before it runs it (the submission's compile step, folded into its first
   * test), and the result says how the check went; a run that was not such a child says nothing (`syntax` unset).
   */
  run(
    command: BoxCommand,
    stdin: string,
    limits: RunLimits,
    signal?: AbortSignal,
    forked?: ForkedInterpreter,
    checkSyntaxFirst?: boolean,
  ): Promise<ForkedResult>;
  /**
   * Where an interactor's files go (its /box, writable to it: its binary, the test's input, its output file); null
   * where interactive runs cannot be had (no box launcher).
   */
  readonly juryDir: string | null;
  /**
   * Runs the program against an interactor, each in its own box (see runPair; relayPair when a `transcript` is to
   * be recorded); only where `juryDir` is set.
   */
  interact(
    program: PairSide,
    interactor: PairSide,
    cpu: number | null,
    signal?: AbortSignal,
    transcript?: TranscriptRecorder,
  ): Promise<PairResult>;
  /** Gives the boxes back once the submission is graded (they are cleared or removed). */
  release(): void;
}

/** Hands out a submission's boxes (see BoxPool and FreshBoxSource). */
export interface BoxSource {
  acquire(): Promise<SubmissionBoxes>;
  /** Ends every box not in use; later submissions get new ones. */
  drain(): Promise<void>;
}

/** What a submission's directory holds: the compile's writes, the source, FIFO directories and the launcher. */
export const SUBMISSION_TMPFS_BYTES = COMPILE_LIMITS.fileBytes + MAX_SOURCE_BYTES + MIB;

/** A submission's directories: one for its boxes (a tmpfs of its own where the worker may mount) and one for outputs. */
export class SubmissionDirs {
  /** The directory FIFO directories and the launcher copy go in; /box is its `box`, an interactor's /box its `jury`. */
  readonly dir: string;
  readonly workDir: string;
  readonly juryDir: string;
  readonly stdoutPath: string;
  private readonly outDir: string;

  constructor(workRoot: string, kind: 'sub' | 'slot', mounts: PrivateMounts | null) {
    this.dir = mkdtempSync(join(workRoot, ownedPrefix(kind)));
    // mkdtemp makes it 0700: outputs are the worker's alone.
    this.outDir = mkdtempSync(join(workRoot, ownedPrefix('out')));
    this.stdoutPath = join(this.outDir, 'stdout');
    this.workDir = join(this.dir, 'box');
    this.juryDir = join(this.dir, 'jury');
    try {
      mounts?.mount(this.dir, SUBMISSION_TMPFS_BYTES, 0o711, 0);
      chmodSync(this.dir, 0o711);
      this.resetWorkDir();
    } catch (error) {
      this.remove();
      throw error;
    }
  }

  /**
   * /box empty again, owned by the box user alone (a compile may have changed its mode). The directory itself
   * stays: warm boxes have it bound, and a new one at the same path would not be what they see.
   */
  resetWorkDir(): void {
    for (const dir of [this.workDir, this.juryDir]) {
      mkdirSync(dir, { recursive: true });
      for (const entry of readdirSync(dir)) rmSync(join(dir, entry), { recursive: true, force: true });
      chmodSync(dir, 0o700);
      chownSync(dir, BOX_UID, BOX_UID);
    }
  }

  mounts(boxWritable: boolean, binds: ToolchainBind[]): BoxMounts {
    return { boxDir: this.workDir, boxWritable, binds };
  }

  /** An interactor's box: its own /box, writable (it writes its output file there), and no toolchain. */
  juryMounts(): BoxMounts {
    return { boxDir: this.juryDir, boxWritable: true };
  }

  remove(): void {
    removeBoxDir(this.dir);
    rmSync(this.outDir, { recursive: true, force: true });
  }
}

/**
 * The fallback where no run box can be had (no writable cgroup, or no C compiler for the box launcher): each
 * compile and each run gets a fresh bubblewrap box of its own, in directories made for the submission.
 */
export class FreshBoxSource implements BoxSource {
  constructor(
    private readonly sandbox: Sandbox,
    private readonly workRoot: string,
    private readonly mounts: PrivateMounts | null,
    private readonly binds: () => ToolchainBind[],
  ) {}

  async acquire(): Promise<SubmissionBoxes> {
    const dirs = new SubmissionDirs(this.workRoot, 'sub', this.mounts);
    const fresh = (boxWritable: boolean, command: BoxCommand, stdin: string, limits: RunLimits, signal?: AbortSignal) =>
      this.sandbox.run({ ...dirs.mounts(boxWritable, this.binds()), ...command, limits, stdin, stdoutPath: dirs.stdoutPath, signal });
    return {
      workDir: dirs.workDir,
      stdoutPath: dirs.stdoutPath,
      // Fresh boxes run no fork server.
      expect: () => undefined,
      compile: (command, limits, signal) => fresh(true, command, '', limits, signal),
      run: (command, stdin, limits, signal) => fresh(false, command, stdin, limits, signal),
      juryDir: null,
      interact: () => Promise.reject(new Error('interactive runs need the box launcher (a writable cgroup and gcc)')),
      release: () => dirs.remove(),
    };
  }

  async drain(): Promise<void> {
    // Nothing outlives its submission.
  }
}

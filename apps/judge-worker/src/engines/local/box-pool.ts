import { chmodSync, copyFileSync } from 'fs';
import { join } from 'path';

import { TranscriptRecorder } from '../transcript-recorder';
import { BoxCommand } from './box-command';
import { CgroupFactory } from './cgroup';
import { ForkedLanguage, ForkedResult } from './fork-server/fork-server';
import { ForkedRuns } from './fork-server/forked-runs';
import { PairResult, PairSide, relayPair, runPair } from './interaction';
import { PrivateMounts } from './private-mounts';
import { RunBox } from './run-box';
import { SandboxResult } from './run-supervision';
import { COMPILE_LIMITS, RUN_FILE_BYTES } from './sandbox-limits';
import { ForkedInterpreter, RunLimits, ToolchainBind } from './sandbox-types';
import { BoxSource, SubmissionBoxes, SubmissionDirs } from './submission-boxes';

/** What a pool's slots are made from. */
export interface BoxSlotHost {
  workRoot: string;
  /** The launcher build; each slot runs a copy in its own tmpfs where the worker may mount. */
  launcher: string;
  cgroups: CgroupFactory;
  mounts: PrivateMounts | null;
  /** Every language's toolchain binds (as staged): a slot serves submissions in any language. */
  binds: () => ToolchainBind[];
  /** Why a fork server could not serve its submission (its tests then ran as before). */
  warn?: (message: string) => void;
  /**
   * The language a warm slot starts a fork server for after each reset, before its submission arrives, until the
   * slot has served another forked language (then that one); none where tests are not forked.
   */
  preStart?: ForkedLanguage;
}

/**
 * The compile box, the run box, and the boxes an interactor runs in against the run box (made when first needed):
 * 'interactor' piped to the run box, 'relayedInteractor' with FIFOs of its own for runs the worker relays.
 */
type Role = 'compile' | 'run' | 'interactor' | 'relayedInteractor';
const ROLES: Role[] = ['compile', 'run', 'interactor', 'relayedInteractor'];

/**
 * A submission's place, kept warm between submissions: its directories and two run boxes started ahead of time
 * on them — the compile box, with /box writable, and the run box, with /box read-only. Each run names its own
 * command and limits (see RunBox.run), so a slot serves any language. Between submissions the slot is cleared
 * as thoroughly as a new one would be: the launchers leave no process, /tmp content or SysV IPC behind after
 * every run (box-launcher.ts), and the worker empties /box and restores its owner and mode. A box that cannot be
 * cleared, died or stopped answering is replaced, never reused.
 */
export class BoxSlot implements SubmissionBoxes {
  private readonly boxes: Record<Role, RunBox | null> = { compile: null, run: null, interactor: null, relayedInteractor: null };
  readonly workDir: string;
  readonly stdoutPath: string;
  readonly juryDir: string;
  private readonly launcher: string;
  /** The submission's fork server, in the run box (Python and PyPy, see fork-server/fork-server.ts). */
  private readonly forked: ForkedRuns;
  /** The language the slot's next fork server is started for before its submission arrives (see BoxSlotHost). */
  private preStartLanguage: ForkedLanguage | undefined;
  /** Set by the pool: gives the slot back once its submission is graded. */
  release: () => void = () => undefined;

  private constructor(
    private readonly host: BoxSlotHost,
    private readonly dirs: SubmissionDirs,
  ) {
    this.workDir = dirs.workDir;
    this.stdoutPath = dirs.stdoutPath;
    this.juryDir = dirs.juryDir;
    this.launcher = host.launcher;
    this.forked = new ForkedRuns(host.cgroups, host.warn ?? (() => undefined));
    this.preStartLanguage = host.preStart;
    if (host.mounts) {
      // A copy in the slot's tmpfs: bound from the work root, the launcher would show its host path in mountinfo.
      this.launcher = join(dirs.dir, 'launcher');
      copyFileSync(host.launcher, this.launcher);
      chmodSync(this.launcher, 0o755);
    }
  }

  /** A slot with both of its boxes started. */
  static async create(host: BoxSlotHost): Promise<BoxSlot> {
    const slot = new BoxSlot(host, new SubmissionDirs(host.workRoot, 'slot', host.mounts));
    try {
      await slot.startBoxes();
      slot.preStartForkServer();
      return slot;
    } catch (error) {
      await slot.close();
      throw error;
    }
  }

  /** A server pre-started for another language (or for a submission whose tests are not forked) closes meanwhile. */
  expect(forked: ForkedLanguage | undefined): void {
    if (forked) this.preStartLanguage = forked;
    this.forked.expect(forked);
  }

  /** Starts the next submission's fork server in the background (see BoxSlotHost.preStart). */
  private preStartForkServer(): void {
    if (this.preStartLanguage && this.boxes.run) this.forked.preStart(this.boxes.run, this.preStartLanguage);
  }

  /** A `forked` syntax check is a child of the submission's fork server while it serves (see SubmissionBoxes.compile). */
  async compile(command: BoxCommand, limits: RunLimits, signal?: AbortSignal, forked?: ForkedLanguage): Promise<SandboxResult> {
    if (forked) {
      const result = await this.forked.checkSyntax(await this.box('run'), forked, { stdoutPath: this.stdoutPath, signal });
      if (result) return result;
    }
    return this.runIn('compile', command, '', limits, signal);
  }

  /** A `forked` run is a child of the submission's fork server while it serves (see SubmissionBoxes.run). */
  async run(
    command: BoxCommand,
    stdin: string,
    limits: RunLimits,
    signal?: AbortSignal,
    forked?: ForkedInterpreter,
    checkSyntaxFirst = false,
  ): Promise<ForkedResult> {
    if (forked) {
      const run = { stdin, limits, stdoutPath: this.stdoutPath, signal };
      const result = await this.forked.run(await this.box('run'), command, forked, run, checkSyntaxFirst);
      if (result) return result;
    }
    return this.runIn('run', command, stdin, limits, signal);
  }

  /** Runs in the role's box; a box that cannot take the run is replaced once. */
  private async runIn(role: Role, command: BoxCommand, stdin: string, limits: RunLimits, signal?: AbortSignal): Promise<SandboxResult> {
    // The run box runs one thing at a time: a fork server still there (pre-started) goes first.
    if (role === 'run') await this.forked.stop();
    for (let attempt = 0; attempt < 2; attempt++) {
      const box = await this.box(role);
      let result: SandboxResult | null;
      try {
        result = await box.run(command, stdin, limits, this.stdoutPath, signal);
      } catch (error) {
        // A box that stopped answering has closed itself.
        await this.replace(role);
        throw error;
      }
      if (result) return result;
      await this.replace(role);
    }
    throw new Error('no run box could take the run');
  }

  /**
   * The program in the run box against an interactor in the interactor box, or, with a `transcript` to record, in
   * the relayed interactor's box (see relayPair); a pair that cannot run is replaced once.
   */
  async interact(
    program: PairSide,
    interactor: PairSide,
    cpu: number | null,
    signal?: AbortSignal,
    transcript?: TranscriptRecorder,
  ): Promise<PairResult> {
    await this.forked.stop();
    for (let attempt = 0; attempt < 2; attempt++) {
      const programBox = await this.box('run');
      const interactorBox = await this.box(transcript ? 'relayedInteractor' : 'interactor');
      let result: PairResult | null;
      try {
        result = transcript
          ? await relayPair(programBox, interactorBox, program, interactor, cpu, transcript, signal)
          : await runPair(programBox, interactorBox, program, interactor, cpu, signal);
      } catch (error) {
        await this.replace('run');
        throw error;
      }
      if (result) return result;
      await this.replace('run');
    }
    throw new Error('no pair of boxes could take the interactive run');
  }

  private async box(role: Role): Promise<RunBox> {
    const box = this.boxes[role] ?? (await this.startBox(role));
    this.boxes[role] = box;
    return box;
  }

  /**
   * Closes the role's box (the next run starts another); the interactor boxes go with the run box (the one is
   * piped to it, the other may be mid-run with it).
   */
  private async replace(role: Role): Promise<void> {
    const roles: Role[] = role === 'run' ? ['run', 'interactor', 'relayedInteractor'] : [role];
    for (const r of roles) {
      const box = this.boxes[r];
      this.boxes[r] = null;
      await box?.close();
    }
  }

  private async startBox(role: Role): Promise<RunBox> {
    if (role === 'interactor')
      return RunBox.startPeer(
        await this.box('run'),
        this.dirs.juryMounts(),
        this.launcher,
        this.host.cgroups,
        this.dirs.dir,
        RUN_FILE_BYTES,
      );
    if (role === 'relayedInteractor')
      return RunBox.start(this.dirs.juryMounts(), this.launcher, this.host.cgroups, this.dirs.dir, RUN_FILE_BYTES);
    const mounts = this.dirs.mounts(role === 'compile', this.host.binds());
    const tmpBytes = role === 'compile' ? COMPILE_LIMITS.fileBytes : RUN_FILE_BYTES;
    return RunBox.start(mounts, this.launcher, this.host.cgroups, this.dirs.dir, tmpBytes);
  }

  /** The boxes every submission needs; an interactor's box is only started for an interactive one. */
  private async startBoxes(): Promise<void> {
    for (const role of ['compile', 'run'] as const) await this.box(role);
  }

  /** Clears the slot for the next submission: a box that may not serve it is replaced, and missing boxes started. */
  async reset(): Promise<void> {
    // The fork server stays for the next submission where the run box does.
    await this.forked.end(this.boxes.run?.reusable ?? false);
    this.dirs.resetWorkDir();
    for (const role of ROLES) {
      if (this.boxes[role] && !this.boxes[role]?.reusable) await this.replace(role);
    }
    await this.startBoxes();
    this.preStartForkServer();
  }

  keepsProcessAlive(keep: boolean): void {
    for (const box of Object.values(this.boxes)) box?.keepsProcessAlive(keep);
    this.forked.keepsProcessAlive(keep);
  }

  async close(): Promise<void> {
    // An idle slot's handles do not keep the process alive, but closing it waits on them (its server's end).
    this.keepsProcessAlive(true);
    await this.forked.end(false);
    await Promise.all(Object.values(this.boxes).map((box) => box?.close()));
    for (const role of ROLES) this.boxes[role] = null;
    this.dirs.remove();
  }
}

/**
 * Warm submission places (go-judge keeps such a pool): a submission takes a slot whose boxes were started before
 * it arrived, and gives it back when graded; the slot is cleared in the background, off the next submission's
 * path. Up to `keepIdle` slots wait (the worker's concurrency); a busier moment makes more, and the extra ones are
 * closed when given back. Idle boxes do not keep the worker's process alive.
 */
export class BoxPool implements BoxSource {
  private readonly idle: BoxSlot[] = [];
  /** Slots being cleared or started, so that drain() waits for them. */
  private readonly pending = new Set<Promise<void>>();
  /** Slots given back and being cleared: the next submission waits for one of them rather than make its own. */
  private clearing = 0;
  /** Submissions waiting for a slot being cleared (null: it could not be, make a new one). */
  private readonly waiting: ((slot: BoxSlot | null) => void)[] = [];

  constructor(
    private readonly host: BoxSlotHost,
    private readonly keepIdle: number,
  ) {}

  /** Starts slots until `keepIdle` are ready, before any submission needs them. */
  warm(): Promise<void> {
    const missing = this.keepIdle - this.idle.length;
    return this.track(
      (async () => {
        for (let i = 0; i < missing; i++) await this.handBack(await BoxSlot.create(this.host));
      })(),
    );
  }

  async acquire(): Promise<BoxSlot> {
    // The slot idle longest: its fork server has had the most time to start, while one given back a moment ago
    // may still be starting its own (an interpreter start, on the next submission's path if it took that slot).
    let slot = this.idle.shift() ?? null;
    // A slot given back a moment ago is cleared in about a millisecond; a new one takes tens.
    if (!slot && this.clearing > this.waiting.length) slot = await new Promise<BoxSlot | null>((resolve) => this.waiting.push(resolve));
    slot ??= await BoxSlot.create(this.host);
    slot.keepsProcessAlive(true);
    slot.release = () => {
      slot.release = () => undefined;
      this.clearing++;
      void this.track(
        slot
          .reset()
          .then(
            () => this.handBack(slot),
            async () => {
              await slot.close();
              await this.handBack(null);
            },
          )
          .finally(() => this.clearing--),
      );
    };
    return slot;
  }

  async drain(): Promise<void> {
    while (this.pending.size) await Promise.all(this.pending);
    await Promise.all(this.idle.splice(0).map((slot) => slot.close()));
  }

  /** A ready slot (or null for one that could not be cleared) goes to a waiting submission, or waits itself. */
  private handBack(slot: BoxSlot | null): void | Promise<void> {
    const waiter = this.waiting.shift();
    if (waiter) return waiter(slot);
    if (!slot) return;
    if (this.idle.length >= this.keepIdle) return slot.close();
    slot.keepsProcessAlive(false);
    this.idle.push(slot);
  }

  /** Keeps `work` in `pending` until it settles; a failure only means a slot fewer (the next acquire makes one). */
  private track(work: Promise<unknown>): Promise<void> {
    const settled = work.then(
      () => undefined,
      () => undefined,
    );
    this.pending.add(settled);
    void settled.finally(() => this.pending.delete(settled));
    return settled;
  }
}

import { ChildProcess, spawn, spawnSync } from 'child_process';
import { randomBytes } from 'crypto';
import {
  chmodSync,
  chownSync,
  closeSync,
  constants as fsConstants,
  existsSync,
  linkSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'fs';
import { Socket } from 'net';
import { join } from 'path';
import { Readable, Writable } from 'stream';

import { blockedWriting } from './blocked-write';
import { BOX_UID, BoxCommand, BoxMounts, launcherBoxArgv, runEnvironment, TOOLS } from './box-command';
import { BoxCgroup, CgroupFactory } from './cgroup';
import { ReplyLines } from './reply-lines';
import { Box, RunExit, StartedRun, waitStatusExit } from './run-supervision';
import { RunLimits } from './sandbox-types';
import { cpuRlimitSeconds } from './time-limit';
import { ownedPrefix } from './worker-owned-names';

/** How long the launcher may take to answer once its test is over or was killed. */
const LAUNCHER_GRACE_MS = 2000;
/**
 * How long a new box may take to answer its first run: bwrap still builds the box's mounts then, and on a host
 * busy with other boxes that alone can take seconds. It is start-up, not the program's time, so it must not
 * fail a submission.
 */
const START_GRACE_MS = 15_000;
/** The memory limit of a box between runs, when only its launcher lives in it. */
const IDLE_MEMORY_BYTES = 32 * 1024 * 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The box's extra pipes: 3 bwrap's info, 4 bwrap's block, 5 commands to the launcher, 6 its replies. */
const pipe = <T extends Readable | Writable>(child: ChildProcess, fd: 3 | 4 | 5 | 6) => (child.stdio as unknown as T[])[fd];

/** How one run of an interactive pair is set up, its pipes piped or relayed (see RunBox.startRelayed). */
export interface Pinning {
  /** The CPU both runs of the pair are pinned to; null leaves the run unpinned. */
  cpu: number | null;
  /** Keeps SIGPIPE ignored, so a write to a reader that is gone fails with EPIPE instead of killing the run. */
  ignoreSigpipe: boolean;
}

/** How a run piped to another box's run is set up (see RunBox.startPiped). */
export interface Piping extends Pinning {
  /**
   * Which of its two pipes the box opens first. Each open waits for the peer's end of that pipe, so the two boxes
   * of a pair must take opposite ones: 'stdin' for one, 'stdout' for the other (see box-launcher.c).
   */
  opensFirst: 'stdin' | 'stdout';
  /**
   * Whether the worker holds a write end of the pipe the run writes to, from before the run starts until
   * releaseOutputPipe: meanwhile its peer reads no end of file, whenever the run ends (see superviseBoth).
   */
  holdOutput?: boolean;
}

/** The 'g' message: the run's command and limits as the launcher reads them (see box-launcher.c). */
function runMessage({ command, env }: BoxCommand, limits: RunLimits, piping: Pinning | null): string {
  const environment = Object.entries(runEnvironment(env)).map(([key, value]) => `${key}=${value}`);
  const fields = [
    cpuRlimitSeconds(limits),
    limits.memoryBytes,
    limits.fileBytes,
    piping?.cpu === null || piping?.cpu === undefined ? 0 : piping.cpu + 1,
    piping?.ignoreSigpipe ? 1 : 0,
    command.length,
    ...command,
    environment.length,
    ...environment,
  ];
  const text = fields.map((field) => `${field}\0`).join('');
  return `g${Buffer.byteLength(text)}\n${text}`;
}

/**
 * One box for many runs (the tests of a submission, and in a box pool the submissions that follow): bwrap is
 * started once with the box launcher (box-launcher.ts) as its init, in one cgroup; each run is a fork of the
 * launcher with the worker's FIFOs as stdin/stdout/stderr, its own command, environment and limits.
 * The cgroup's counters are reset before each run and the launcher's own share is subtracted, so the figures are
 * the test's. `run` answers null when the box cannot take another run (it died, or could not be cleared): the
 * caller then closes it and starts a new one.
 */
export class RunBox extends Box {
  private readonly replies: ReplyLines;
  private dead = false;
  /** Whether the launcher has answered yet: until then it may still be starting (see START_GRACE_MS). */
  private started = false;
  /** The write end of the run's output pipe the worker holds (see Piping.holdOutput). */
  private outputHold: number | null = null;

  private constructor(
    private readonly child: ChildProcess,
    private readonly cgroup: BoxCgroup,
    private readonly launcherPid: number,
    private readonly ioDir: string,
  ) {
    super();
    this.replies = new ReplyLines(pipe<Readable>(child, 6));
    child.on('close', () => {
      this.dead = true;
      this.replies.end();
    });
  }

  /**
   * Starts a box for runs of any command (each run names its own, see `run`); the launcher binary is bound
   * read-only at /launcher, the box's FIFOs come from a new directory in `ioParent` (the work root, or the
   * submission's own tmpfs). `tmpBytes` is the size of its /tmp and the largest file any run may write.
   */
  static start(mounts: BoxMounts, launcher: string, cgroups: CgroupFactory, ioParent: string, tmpBytes: number): Promise<RunBox> {
    return RunBox.startWith(mounts, launcher, cgroups, ioParent, tmpBytes, () => undefined);
  }

  /**
   * Starts a box whose stdin and stdout FIFOs are `peer`'s stdout and stdin (hard links, so `ioParent` must be on
   * the peer's file system): a run piped in it talks to a run piped in `peer`, kernel to kernel, while the worker
   * only reads their stderr (see startPiped).
   */
  static startPeer(peer: RunBox, mounts: BoxMounts, launcher: string, cgroups: CgroupFactory, ioParent: string, tmpBytes: number) {
    return RunBox.startWith(mounts, launcher, cgroups, ioParent, tmpBytes, (ioDir) => {
      linkSync(join(peer.ioDir, 'out'), join(ioDir, 'in'));
      linkSync(join(peer.ioDir, 'in'), join(ioDir, 'out'));
    });
  }

  /** A box whose io directory gets what `link` puts in it, then FIFOs for whatever of in, out and err is missing. */
  private static async startWith(
    mounts: BoxMounts,
    launcher: string,
    cgroups: CgroupFactory,
    ioParent: string,
    tmpBytes: number,
    link: (ioDir: string) => void,
  ): Promise<RunBox> {
    const ioDir = mkdtempSync(join(ioParent, 'io-'));
    chmodSync(ioDir, 0o711);
    const cgroup = cgroups.create(`${ownedPrefix('run')}${randomBytes(6).toString('hex')}`);
    try {
      // Root-owned and unlistable by the box; only the three FIFOs, owned by the box user, can be opened.
      link(ioDir);
      const fifos = ['in', 'out', 'err'].map((name) => join(ioDir, name)).filter((fifo) => !existsSync(fifo));
      const made = spawnSync('/usr/bin/mkfifo', ['-m', '600', ...fifos]);
      if (made.status !== 0) throw new Error(`mkfifo failed: ${made.stderr}`);
      for (const fifo of fifos) chownSync(fifo, BOX_UID, BOX_UID);
      // Until its first run only the launcher lives in the box; each run sets its own limits.
      cgroup.setLimits(IDLE_MEMORY_BYTES, 1);
      const argv = launcherBoxArgv({ ...mounts, binds: [...(mounts.binds ?? []), { host: ioDir, box: '/io' }] }, launcher, tmpBytes);
      const child = spawn(TOOLS.prlimit, argv, { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe', 'pipe', 'pipe'], env: {} });
      const launcherPid = await RunBox.joinCgroup(child, cgroup);
      return new RunBox(child, cgroup, launcherPid, ioDir);
    } catch (error) {
      cgroup.remove();
      rmSync(ioDir, { recursive: true, force: true });
      throw error;
    }
  }

  /** Puts bwrap's child (the launcher, pid 1 of the box) into the cgroup before it execs, then lets it go. */
  private static joinCgroup(child: ChildProcess, cgroup: BoxCgroup): Promise<number> {
    return new Promise((resolve, reject) => {
      let info = '';
      const stderr: Buffer[] = [];
      (child.stderr as Readable).on('data', (c: Buffer) => stderr.push(c));
      child.on('error', reject);
      child.on('close', (code) => reject(new Error(`run box exited early (${code}): ${Buffer.concat(stderr).toString().slice(0, 500)}`)));
      for (const fd of [3, 4, 5, 6] as const) pipe(child, fd).on('error', () => undefined);
      const onInfo = (chunk: Buffer) => {
        info += chunk.toString();
        const match = /"child-pid":\s*(\d+)/.exec(info);
        if (!match) return;
        pipe(child, 3).off('data', onInfo);
        try {
          for (const file of cgroup.procsFiles) writeFileSync(file, match[1]);
        } catch (error) {
          child.kill('SIGKILL');
          reject(error);
          return;
        }
        pipe<Writable>(child, 4).end('go');
        resolve(Number(match[1]));
      };
      pipe<Readable>(child, 3).on('data', onInfo);
    });
  }

  /** The launcher's next reply, or null when the box died or stayed silent (see ReplyLines). */
  private reply(timeoutMs: number): Promise<string | null> {
    return this.replies.next(timeoutMs);
  }

  private send(command: string): boolean {
    if (this.dead) return false;
    pipe<Writable>(this.child, 5).write(command);
    return true;
  }

  /**
   * Starts a run: the box's cgroup takes the run's memory and pids limits (the launcher sets its CPU, stack and
   * file rlimits), the worker's FIFOs become its stdin, stdout and stderr. Null when the box cannot take it.
   */
  protected start(command: BoxCommand, limits: RunLimits): Promise<StartedRun | null> {
    return this.begin(command, limits, null, null);
  }

  /**
   * Starts a run whose stdin and stdout are the pipes to a peer box's run (see startPeer); only its stderr comes
   * to the worker. Both runs must be asked for before either is awaited: each launcher's opening of its pipes
   * waits for the other's.
   */
  startPiped(command: BoxCommand, limits: RunLimits, piping: Piping): Promise<StartedRun | null> {
    return this.begin(command, limits, piping, piping.opensFirst, piping.holdOutput ?? false);
  }

  /** Closes the write end `holdOutput` kept: the peer reads the end of file once the run's own ends are closed. */
  releaseOutputPipe(): void {
    if (this.outputHold === null) return;
    closeSync(this.outputHold);
    this.outputHold = null;
  }

  /**
   * Starts one run of an interactive pair whose pipes the worker relays (a custom run's transcript, see
   * relayPair): its stdin and stdout come to the worker as a test's do, pinned and with SIGPIPE as `pinning` says.
   * The box must have FIFOs of its own (`start`, not `startPeer`).
   */
  startRelayed(command: BoxCommand, limits: RunLimits, pinning: Pinning): Promise<StartedRun | null> {
    return this.begin(command, limits, pinning, null);
  }

  /**
   * Starts a run that outlives a test (a fork server, see fork-server/fork-server.ts): the same as a test's run,
   * but its caller also needs the box's io directory, cgroup and launcher (`parts`).
   */
  startLongRun(command: BoxCommand, limits: RunLimits): Promise<StartedRun | null> {
    return this.begin(command, limits, null, null);
  }

  /** The host side of the box: its /io directory, its cgroup, and its launcher's host pid. */
  get parts(): { ioDir: string; cgroup: BoxCgroup; launcherPid: number } {
    return { ioDir: this.ioDir, cgroup: this.cgroup, launcherPid: this.launcherPid };
  }

  /** `opensFirst` null: the worker holds the run's stdin and stdout; otherwise they are pipes to a peer box's run. */
  private async begin(
    command: BoxCommand,
    limits: RunLimits,
    pinning: Pinning | null,
    opensFirst: Piping['opensFirst'] | null,
    holdOutput = false,
  ): Promise<StartedRun | null> {
    const piped = opensFirst !== null;
    const mode = !piped ? 'r' : opensFirst === 'stdin' ? 'p' : 'q';
    if (!this.send(mode) || (await this.reply(this.started ? LAUNCHER_GRACE_MS : START_GRACE_MS)) !== 'k') return null;
    // The launcher's 'k' comes once its open of 'out' met the peer's reader, so this open finds it too.
    if (holdOutput) this.outputHold = this.openOutputPipe();
    this.started = true;
    const open = (name: string, flags: number) => openSync(join(this.ioDir, name), flags | fsConstants.O_NONBLOCK);
    const stdin = piped ? null : new Socket({ fd: open('in', fsConstants.O_WRONLY), readable: false, writable: true });
    const stdout = piped ? null : new Socket({ fd: open('out', fsConstants.O_RDONLY), readable: true, writable: false });
    const stderr = new Socket({ fd: open('err', fsConstants.O_RDONLY), readable: true, writable: false });
    // The launcher counts towards pids.max.
    this.cgroup.setLimits(limits.memoryBytes, limits.maxPids + 1);
    this.cgroup.resetCounters();
    const memoryBaseline = this.cgroup.memoryBytes();
    this.send(runMessage(command, limits, pinning));
    return {
      stdin,
      stdout,
      stderr,
      cgroup: this.cgroup,
      memoryBaseline,
      memoryAfter: () => this.cgroup.memoryBytes(),
      kill: () => this.killRun(),
      ended: this.runEnded(limits),
    };
  }

  /**
   * Whether a process of the current run is running or waiting for a CPU (state R), rather than sleeping: of an
   * interactive pair stopped by the wall clock, the one that was still computing kept the other waiting.
   */
  runIsComputing(): boolean {
    return this.runPids().some((pid) => processState(pid) === 'R');
  }

  /**
   * Whether a process of the current run has not yet exited (a zombie has: it only awaits its parent): of an
   * interactive pair, the interactor that ended while the program still ran gave its verdict first.
   */
  runIsAlive(): boolean {
    return this.liveRunPids().length > 0;
  }

  /**
   * Whether the current run sleeps: it has processes that have not exited, each asleep (in a read or write of a pipe,
   * a poll of one, or anything else that waits). Of an interactive pair, an interactor so found once the program
   * has ended, its output pipe still held open, was waiting for the program's next words and judges on the
   * dialogue's end.
   */
  runSleeps(): boolean {
    const states = this.liveRunPids().map(processState);
    return states.length > 0 && states.every((state) => state === 'S');
  }

  /** A write end of the pipe this box's piped run writes to (its peer reads it), or null when its reader is gone. */
  private openOutputPipe(): number | null {
    try {
      return openSync(join(this.ioDir, 'out'), fsConstants.O_WRONLY | fsConstants.O_NONBLOCK);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENXIO') return null;
      throw error;
    }
  }

  /** The current run's processes that have not exited; a zombie has, and one gone meanwhile is left out. */
  private liveRunPids(): number[] {
    return this.runPids().filter((pid) => {
      const state = processState(pid);
      return state !== null && state !== 'Z' && state !== 'X';
    });
  }

  /** Whether a process of the current run sleeps writing to a pipe its peer does not read (see blockedWriting). */
  runIsWriting(): boolean {
    return this.runPids().some(blockedWriting);
  }

  /** The processes of the current run (not the launcher). */
  private runPids(): number[] {
    return this.cgroup.pids().filter((pid) => pid !== this.launcherPid);
  }

  /** The launcher kills every process of the run (not itself) on SIGUSR1. */
  private killRun(): void {
    try {
      process.kill(this.launcherPid, 'SIGUSR1');
    } catch {
      // the box is already gone
    }
  }

  /** The launcher's "x <wait status>" once the run and every process it left are gone. */
  private async runEnded(limits: RunLimits): Promise<RunExit> {
    const exit = await this.reply(limits.wallMs + LAUNCHER_GRACE_MS);
    if (exit === null) {
      // A launcher that neither answers nor dies is not trusted with another test.
      await this.close();
      throw new Error('the run box stopped answering');
    }
    return waitStatusExit(Number(exit.slice(2)));
  }

  /** Whether the box may serve another submission: its memory peak restarts with each run (see BoxCgroup). */
  get reusable(): boolean {
    return !this.dead && this.cgroup.peakResettable;
  }

  /**
   * Whether this box keeps the worker's process alive: an idle pooled box must not (a worker with nothing else to
   * do exits, its boxes with it), a box in use must (its run's replies are awaited).
   */
  keepsProcessAlive(keep: boolean): void {
    const pipes = [this.child.stderr, ...([3, 4, 5, 6] as const).map((fd) => pipe(this.child, fd))] as unknown as (Socket | null)[];
    // A closed pipe (bwrap's info and block pipes are done with once the box runs) would only queue the call.
    for (const handle of [this.child, ...pipes.filter((p) => p && !p.destroyed)]) {
      if (keep) handle?.ref();
      else handle?.unref();
    }
  }

  /** Ends the box (the launcher exits on EOF), waits until its cgroup is empty and removes it. */
  async close(): Promise<void> {
    this.releaseOutputPipe();
    pipe<Writable>(this.child, 5).end();
    for (let i = 0; i < 250 && !this.dead; i++) await sleep(2);
    if (!this.dead) this.child.kill('SIGKILL');
    for (let i = 0; i < 500 && this.cgroup.pids().length; i++) {
      this.cgroup.kill();
      await sleep(2);
    }
    this.cgroup.remove();
    rmSync(this.ioDir, { recursive: true, force: true });
  }
}

/** A process's scheduler state (R, S, D, Z…), or null when it is gone. */
function processState(pid: number): string | null {
  try {
    // The state follows the command's name, which is in parentheses and may itself hold any character.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  } catch {
    return null;
  }
}

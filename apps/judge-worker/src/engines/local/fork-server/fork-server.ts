import { spawnSync } from 'child_process';
import { randomBytes } from 'crypto';
import { chownSync, closeSync, constants, existsSync, openSync, readFileSync, renameSync, writeSync } from 'fs';
import { Socket } from 'net';
import { join } from 'path';
import { Readable } from 'stream';

import { BOX_UID, BoxCommand } from '../box-command';
import { BoxCgroup, CgroupFactory, moveIntoAsync, writeCgroupFileAsync } from '../cgroup';
import { ReplyLines } from '../reply-lines';
import { RunBox } from '../run-box';
import { capturing, RunExit, SandboxResult, StartedRun, supervise, waitStatusExit } from '../run-supervision';
import { MIB, STDERR_CAP } from '../sandbox-limits';
import { ForkedInterpreter, RunLimits } from '../sandbox-types';
import { cpuRlimitSeconds } from '../time-limit';
import { ownedPrefix } from '../worker-owned-names';
import { inheritedTraits } from './inherited-traits';

/** The server's Python source (beside this file in the source tree and in the build), passed to `-c`. */
const SCRIPT_FILE = join(__dirname, 'fork-server.py');
let script: string | null = null;

/**
 * A finished test's cgroup serves a later test of the server when its processes left at most this much charged
 * (what a forked test leaves: about 200 KiB of the kernel's own, seen on v1): that remainder counts against the next
 * test's limit, as a pooled box's does (RunBox), and is left out of its figure. One that holds more (a test that read
 * big files leaves their page cache charged) is removed. Reuse spares the kernel a cgroup's making and removal (the
 * worker's mkdir and rmdir of three hierarchies on v1) on every test.
 */
const REUSED_CGROUP_MAX_RESIDUE_BYTES = MIB;
/** Finished test cgroups kept for reuse: the current test's and the next's alternate. */
const SPARE_CGROUPS = 2;

/** How long the server may take to initialise: a new box builds its mounts first, PyPy imports ctypes. */
const READY_MS = 15_000;
/** How long the server may take to answer a command once it is ready. */
const ANSWER_MS = 2000;
/** The server's own CPU and wall limits, a backstop: each test is limited and counted in its own cgroup. */
const SERVER_LIFETIME_MS = 3_600_000;
/** A server serves submissions until it is this old, well inside its own limits; the slot then starts another. */
const SERVER_RETIRE_MS = SERVER_LIFETIME_MS / 4;
/**
 * Per test: stdin, stdout, stderr, and the child's go (the worker's byte once the child is in its cgroup), in two
 * sets that tests take in turn (the next child is forked while the worker may still drain the last one's output).
 * The server's replies come on `ctl-reply`, renamed to a name no test can guess (the box cannot list /io) once
 * the server has opened it, and back when it ends: a test can neither forge nor read them.
 */
const TEST_FIFOS = ['0', '1'].flatMap((set) => ['in', 'out', 'err', 'go'].map((stream) => `${stream}-${set}`));
const CONTROL_FIFO = 'ctl-reply';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A language whose tests may run as children of a fork server: its `python -S <program>` command and counting. */
export interface ForkedLanguage {
  command: BoxCommand;
  interpreter: ForkedInterpreter;
}

/**
 * What a child does once let go: run the program (a test), only check its syntax (the submission's compile step,
 * see fork-server.py's `_checked_code`), or check its syntax and then run it (the compile step folded into the
 * submission's first test: one child instead of two).
 */
export type ForkedTask = 'test' | 'syntax-check' | 'checked-test';

/**
 * A run's result; `syntax`, for a `checked-test`, how its check went ('error': the run is the check's, its stderr
 * the interpreter's message). Unset for any other run, forked or not.
 */
export type ForkedResult = SandboxResult & { syntax?: 'ok' | 'error' };

const GO_LETTERS: Record<ForkedTask, string> = { test: 'g', 'syntax-check': 'c', 'checked-test': 's' };

/** A child the server forked for the next test, waiting for its go message in a cgroup of its own. */
interface WaitingChild {
  pid: number;
  cgroup: BoxCgroup;
}

/** The go message of a child: its task, and the rlimits it sets itself (CPU seconds, file bytes, stack bytes). */
const goMessage = (limits: RunLimits, task: ForkedTask) =>
  `${GO_LETTERS[task]} ${cpuRlimitSeconds(limits)} ${limits.fileBytes} ${limits.memoryBytes}\n`;

/** `python -S <program>` as the fork server's command: `python -S -c <server> <program>`. */
export function forkServerCommand({ command, env }: BoxCommand): BoxCommand {
  script ??= readFileSync(SCRIPT_FILE, 'utf8');
  return { command: [...command.slice(0, -1), '-c', script, command[command.length - 1]], env };
}

const sameCommand = (a: BoxCommand, b: BoxCommand) => JSON.stringify([a.command, a.env]) === JSON.stringify([b.command, b.env]);

/**
 * The FIFOs a fork server uses in a box's io directory, made with the box's first server and kept for the next
 * (a spawned mkfifo costs milliseconds): whatever is missing is made. Nothing stays in a FIFO no process holds.
 */
function makeFifos(dir: string, names: string[]): void {
  const paths = names.map((name) => join(dir, name)).filter((path) => !existsSync(path));
  if (!paths.length) return;
  const made = spawnSync('/usr/bin/mkfifo', ['-m', '600', ...paths]);
  if (made.status !== 0) throw new Error(`mkfifo failed: ${made.stderr}`);
  for (const path of paths) chownSync(path, BOX_UID, BOX_UID);
}

/**
 * One interpreter in a slot's run box, initialised once, forking a child per test (fork-server.py), for one
 * submission after another while it stays healthy (see canServeAnother). It is a long run of the box's launcher,
 * so the launcher's guarantees hold around it: when it ends (closed, or killed by a test) the launcher kills every
 * process of the box and clears /tmp as after any run.
 *
 * Each test is counted alone: its child waits, before any of the program runs, until the worker has moved it into
 * a cgroup of its own (made for the test, removed after it) and let it go; its CPU time, memory peak, pids, wall
 * clock and output cap are that cgroup's and that run's. Memory: the initialised interpreter's pages stay charged to
 * the server (the box's cgroup), and the test's cgroup gets every page the child allocates or copies on write. What
 * a fresh start would have been charged besides (the interpreter's `baselineMb`, see ForkedInterpreter) is taken
 * from the test's limit and added to its figure, so the limit falls where it fell for a fresh start.
 *
 * The server may start before its submission arrives (see ForkedRuns.preStart): it knows only the interpreter and
 * the program's path, and its own limits are a ceiling (`ceiling`): a child lowers its rlimits to its test's, and a
 * test whose limits are above the ceiling is not the server's.
 *
 * Protocol (FIFOs in the box's /io): "ready <its pid in the box>" once initialised; then, and again as soon as a
 * test is over and cleared, the server forks the next test's child on /io/{in,out,err}-<0 or 1> and says
 * "k <pid>", so a test does not wait for a fork; the worker's go message on /io/go-<0 or 1> (the test's rlimits)
 * lets the child go on; "x <wait status>" once it has exited, after "c" from a `checked-test` child whose syntax
 * check failed (the child writes it itself, before any of the program runs); "d" (and the server ends) when a
 * test's files could not be removed. No test process lives while the next child's FIFOs are opened, so none can
 * have left a byte in them. Any other answer, or none in time, ends the server: `run` then answers null and the
 * caller runs the test (and the rest) as before.
 */
export class ForkServer {
  private readonly replies: ReplyLines;
  private gone = false;
  private testCgroup: BoxCgroup | null = null;
  /** The next test's cgroup, made while the current test runs. */
  private nextCgroup: BoxCgroup | null = null;
  /**
   * The next test's child, taken into its cgroup as soon as the server announces it: after the server's start (the
   * slot waits for its submission) and after each test's exit (while the worker checks the output), so a test
   * starts with its child already moved (see takeNextChild).
   */
  private waiting: Promise<WaitingChild | null> | null = null;
  /** Host pids in the box that are not a test's child: the launcher's and the server's. */
  private readonly notChildren: Set<number>;
  /** The server's pid in the box (its "ready" says it). */
  private serverBoxPid = 0;
  /** The server's host pid, and what its children inherit from it as it started (see inheritedTraits). */
  private serverHostPid = 0;
  private startTraits = '';
  /** Where the control FIFO is while the server holds it (see TEST_FIFOS). */
  readonly hiddenControl: string;
  /** Tests run so far: the next one's FIFOs are set `tests % 2`. */
  private tests = 0;
  /** The current `checked-test` child said its syntax check failed. */
  private syntaxError = false;
  /** A test's child was let go and its exit has not been read yet. */
  private testUnderWay = false;
  private readonly startedAt = Date.now();
  /** Test cgroups being removed (see removeInBackground). */
  private readonly removals = new Set<Promise<void>>();
  /** Finished test cgroups for the next tests, with what each still holds charged (see retire). */
  private readonly spareCgroups: BoxCgroup[] = [];
  private readonly residueBytes = new Map<BoxCgroup, number>();

  private constructor(
    private readonly server: StartedRun,
    private readonly box: RunBox,
    private readonly cgroups: CgroupFactory,
    private readonly control: { replies: Socket; language: ForkedLanguage; ceiling: RunLimits },
    private readonly serverStderr: () => Buffer,
  ) {
    this.notChildren = new Set([box.parts.launcherPid]);
    this.replies = new ReplyLines(control.replies);
    this.hiddenControl = join(box.parts.ioDir, `ctl-${randomBytes(16).toString('hex')}`);
    const over = () => {
      this.gone = true;
      this.replies.end();
    };
    server.ended.then(over, over);
  }

  /**
   * Starts the server for `language` in `box`, for tests whose memory and file limits are at most `ceiling`'s; null
   * when it does not come up.
   */
  static async start(box: RunBox, cgroups: CgroupFactory, language: ForkedLanguage, ceiling: RunLimits): Promise<ForkServer | null> {
    const { ioDir } = box.parts;
    makeFifos(ioDir, [...TEST_FIFOS, CONTROL_FIFO]);
    // Opened read-write by the worker first, so neither side's open waits for the other.
    const open = (name: string) => openSync(join(ioDir, name), constants.O_RDWR | constants.O_NONBLOCK);
    const replies = new Socket({ fd: open(CONTROL_FIFO), readable: true, writable: false });
    const serverLimits = { ...ceiling, cpuMs: SERVER_LIFETIME_MS, wallMs: SERVER_LIFETIME_MS, maxPids: 2 };
    const run = await box.startLongRun(forkServerCommand(language.command), serverLimits);
    if (!run) {
      replies.destroy();
      return null;
    }
    run.stdin?.end();
    run.stdout?.resume();
    const stderr = capturing(run.stderr, STDERR_CAP, () => undefined);
    const server = new ForkServer(run, box, cgroups, { replies, language, ceiling }, stderr);
    const ready = await server.reply(READY_MS);
    renameSync(join(ioDir, CONTROL_FIFO), server.hiddenControl);
    if (!ready?.startsWith('ready ')) {
      await server.close();
      return null;
    }
    server.serverBoxPid = Number(ready.slice(6));
    server.serverHostPid = server.hostPid(server.serverBoxPid) ?? 0;
    server.notChildren.add(server.serverHostPid);
    server.startTraits = inheritedTraits(server.serverHostPid);
    server.waitForNextChild();
    return server;
  }

  /** Whether this server can run a test of `command` with `limits`. */
  serves(command: BoxCommand, limits: RunLimits): boolean {
    const { language, ceiling } = this.control;
    return (
      !this.gone &&
      sameCommand(command, language.command) &&
      limits.memoryBytes <= ceiling.memoryBytes &&
      limits.fileBytes <= ceiling.fileBytes
    );
  }

  /**
   * Whether the server may serve the next submission: it answered every test so far (a server that failed, or that
   * a test stopped or killed, is closed by ForkedRuns), no test is under way, and it is young enough. A submission
   * finds it as the one before left it: every test's processes are killed with its cgroup and reaped, /tmp and SysV
   * IPC are restored after each test, the worker empties /box between submissions, and the server runs no user
   * code and cannot be traced or signalled but by SIGKILL and SIGSTOP (which fail the test that sent them). What a
   * test could change of the server that its children inherit (rlimits, nice value, scheduling, CPU sets) must be
   * as it started: a submission that changed it had only itself to harm, and the next one gets a fresh server.
   */
  canServeAnother(): boolean {
    return (
      !this.gone &&
      !this.closed &&
      !this.testUnderWay &&
      Date.now() - this.startedAt < SERVER_RETIRE_MS &&
      this.startTraits !== '' &&
      inheritedTraits(this.serverHostPid) === this.startTraits
    );
  }

  /** The submission is graded: its last test's cgroup goes now rather than with the next submission's first test. */
  submissionEnded(): void {
    this.dropTestCgroup();
  }

  /** An idle server (a warm slot's, waiting for its submission) must not keep the worker's process alive. */
  keepsProcessAlive(keep: boolean): void {
    for (const handle of [this.control.replies, this.server.stdout, this.server.stderr] as (Socket | null)[]) {
      if (keep) handle?.ref();
      else handle?.unref();
    }
  }

  /** What the server wrote to its stderr (an interpreter that could not start says why there). */
  get diagnostics(): string {
    return this.serverStderr().toString();
  }

  /**
   * Runs one test (or the syntax check) in a child of the server, supervised as any run (run-supervision.ts); null
   * when the server could not run it (it is closed then, and the caller runs the test afresh).
   */
  async run(
    stdin: string,
    limits: RunLimits,
    stdoutPath: string,
    cancel?: AbortSignal,
    task: ForkedTask = 'test',
  ): Promise<ForkedResult | null> {
    try {
      this.syntaxError = false;
      const started = await this.begin(limits, task);
      if (started) {
        const result = await supervise(started, limits, { stdin, stdoutPath }, cancel).result;
        return task === 'checked-test' ? { ...result, syntax: this.syntaxError ? 'error' : 'ok' } : result;
      }
    } catch {
      // the server failed: closed below
    }
    await this.close();
    return null;
  }

  /**
   * Starts a test: the last test's processes are killed first, its cgroup removed only once this test is let go
   * (the removal can take the kernel milliseconds, which the test's start need not wait for).
   */
  private async begin(limits: RunLimits, task: ForkedTask): Promise<StartedRun | null> {
    const last = this.endTestCgroup();
    try {
      return await this.letGo(limits, task);
    } finally {
      if (last) this.retire(last);
    }
  }

  private async letGo(limits: RunLimits, task: ForkedTask): Promise<StartedRun | null> {
    if (this.gone || limits.memoryBytes > this.control.ceiling.memoryBytes || limits.fileBytes > this.control.ceiling.fileBytes)
      return null;
    const child = await this.takeWaitingChild();
    if (!child) return null;
    const { cgroup } = child;
    this.testCgroup = cgroup;
    const residue = this.residueBytes.get(cgroup) ?? 0;
    this.residueBytes.delete(cgroup);
    cgroup.setLimits(Math.max(MIB, limits.memoryBytes - this.baselineBytes), limits.maxPids);
    // Whatever the waiting child was charged before its go (nothing of the program's: it runs none) is not the test's.
    cgroup.resetCounters();
    const set = this.tests++ % 2;
    const open = (stream: string, flags: number) => openSync(join(this.box.parts.ioDir, `${stream}-${set}`), flags | constants.O_NONBLOCK);
    const run: StartedRun = {
      stdin: new Socket({ fd: open('in', constants.O_WRONLY), readable: false, writable: true }),
      stdout: new Socket({ fd: open('out', constants.O_RDONLY), readable: true, writable: false }),
      stderr: new Socket({ fd: open('err', constants.O_RDONLY), readable: true, writable: false }),
      cgroup,
      // The test's cgroup holds nothing but the test (and a reused one's residue, left out); what a fresh start
      // would have held besides is added.
      memoryBaseline: residue - this.baselineBytes,
      ...(residue ? { memoryAfter: () => cgroup.memoryBytes() - this.baselineBytes } : {}),
      kill: () => cgroup.kill(),
      ended: this.ended(cgroup, limits, task),
    };
    const go = open('go', constants.O_WRONLY);
    this.testUnderWay = true;
    writeSync(go, goMessage(limits, task));
    closeSync(go);
    // The same move again, a no-op, while the test runs: it keeps the kernel's cgroup lock warm, so the next child's
    // move, as soon as this test is over, takes well under a millisecond instead of an RCU grace period (the first
    // move after a quiet moment waits for one: the next test's start would wait for it).
    void writeCgroupFileAsync(cgroup.procsFiles[0], String(child.pid)).catch(() => undefined);
    // The next test's cgroup is made (or taken from the spares: its counters restart at the go) while this one runs.
    setImmediate(() => this.prepareNextCgroup());
    return run;
  }

  private prepareNextCgroup(): void {
    if (!this.gone && !this.closed && !this.nextCgroup) this.nextCgroup = this.newCgroup();
  }

  /** Starts taking the server's next child into its cgroup, unless that is under way. */
  private waitForNextChild(): void {
    this.waiting ??= this.takeNextChild();
  }

  /** The next test's child, moved into its cgroup (taken now if no one took it before); null when the server failed. */
  private takeWaitingChild(): Promise<WaitingChild | null> {
    const waiting = this.waiting ?? this.takeNextChild();
    this.waiting = null;
    return waiting;
  }

  /**
   * Reads the server's announcement of its next child ("k <pid>") and moves the child into a new cgroup, where it
   * waits for its go message. The move waits for an RCU grace period (the kernel's cgroup_threadgroup_rwsem) when
   * no move came a moment before: 5–20 ms, which a test would wait if its child were moved when it starts (a
   * submission's first child always did). Done here, ahead, and asynchronously (the writes wait on
   * libuv's threads, not on the event loop other slots share). Null when the server failed (no child, or none
   * found in the box); never throws.
   */
  private async takeNextChild(): Promise<WaitingChild | null> {
    const announced = await this.reply(ANSWER_MS);
    const pid = announced?.startsWith('k ') ? this.hostPid(Number(announced.slice(2))) : null;
    if (pid === null || this.gone || this.closed) return null;
    const cgroup = this.nextCgroup ?? this.newCgroup();
    this.nextCgroup = null;
    try {
      await moveIntoAsync(cgroup, pid);
      return { pid, cgroup };
    } catch {
      cgroup.kill();
      cgroup.remove();
      return null;
    }
  }

  private get baselineBytes(): number {
    return this.control.language.interpreter.baselineMb * MIB;
  }

  private newCgroup(): BoxCgroup {
    return this.spareCgroups.pop() ?? this.cgroups.create(`${ownedPrefix('run')}${randomBytes(6).toString('hex')}`);
  }

  /**
   * The host pid of the box's process `boxPid` (its pid in the box's namespace), looked up among the box's (the
   * launcher's and the server's skipped).
   */
  private hostPid(boxPid: number): number | null {
    for (const pid of new Set(this.box.parts.cgroup.pids())) {
      if (this.notChildren.has(pid)) continue;
      try {
        const ids = /^NSpid:\s+(.*)$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1].split(/\s+/);
        if (Number(ids?.[ids.length - 1]) === boxPid) return pid;
      } catch {
        // gone meanwhile
      }
    }
    return null;
  }

  /** The child's exit, once every process of the test is gone (the server reaps them; the worker kills them). */
  private async ended(cgroup: BoxCgroup, limits: RunLimits, task: ForkedTask): Promise<RunExit> {
    let exit = await this.reply(limits.wallMs + ANSWER_MS);
    if (exit === 'c' && task === 'checked-test') {
      this.syntaxError = true;
      exit = await this.reply(limits.wallMs + ANSWER_MS);
    }
    for (let i = 0; i < 500 && cgroup.pids().length; i++) {
      cgroup.kill();
      await sleep(2);
    }
    if (!exit?.startsWith('x ')) throw new Error('the fork server stopped answering');
    this.testUnderWay = false;
    // The server forks the next test's child now: it is taken into its cgroup while this test's output is checked.
    this.waitForNextChild();
    return waitStatusExit(Number(exit.slice(2)));
  }

  private dropTestCgroup(): void {
    const cgroup = this.endTestCgroup();
    if (cgroup) this.retire(cgroup);
  }

  /**
   * A finished test's cgroup, its processes killed: kept for a later test when it is empty, holds little
   * (REUSED_CGROUP_MAX_RESIDUE_BYTES) and can restart its memory peak, removed otherwise.
   */
  private retire(cgroup: BoxCgroup): void {
    const reusable = !this.closed && !this.gone && this.spareCgroups.length < SPARE_CGROUPS && cgroup.peakResettable;
    const residue = reusable ? this.residueOf(cgroup) : Infinity;
    if (residue > REUSED_CGROUP_MAX_RESIDUE_BYTES) return this.removeInBackground(cgroup);
    this.residueBytes.set(cgroup, residue);
    this.spareCgroups.push(cgroup);
  }

  /** What an emptied cgroup still holds charged; Infinity while a process is in it or when it cannot be read. */
  private residueOf(cgroup: BoxCgroup): number {
    try {
      return cgroup.pids().length === 0 ? cgroup.memoryBytes() : Infinity;
    } catch {
      return Infinity; // gone from under the worker: removed (quietly) instead
    }
  }

  /** The last test's cgroup, its processes killed, no longer the test's; its removal is the caller's. */
  private endTestCgroup(): BoxCgroup | null {
    const cgroup = this.testCgroup;
    this.testCgroup = null;
    cgroup?.kill();
    return cgroup;
  }

  /** Removes an emptied test cgroup off the event loop; close waits for every such removal. */
  private removeInBackground(cgroup: BoxCgroup): void {
    this.residueBytes.delete(cgroup);
    const removal: Promise<void> = cgroup.removeAsync().finally(() => this.removals.delete(removal));
    this.removals.add(removal);
  }

  /** The waiting child dies with its server (the box's launcher kills it); its cgroup is removed once it is empty. */
  private async dropWaitingChild(): Promise<void> {
    const child = await this.takeWaitingChild();
    if (!child) return;
    for (let i = 0; i < 500 && child.cgroup.pids().length; i++) {
      child.cgroup.kill();
      await sleep(2);
    }
    child.cgroup.remove();
  }

  private dropNextCgroup(): void {
    this.nextCgroup?.remove();
    this.nextCgroup = null;
  }

  /** The server's next answer; null when it is gone or silent (see ReplyLines). */
  private reply(timeoutMs: number): Promise<string | null> {
    return this.replies.next(timeoutMs);
  }

  private closed: Promise<void> | null = null;

  /** Ends the server: the launcher kills every process of the box and clears it, as after any run. */
  close(): Promise<void> {
    this.closed ??= (async () => {
      if (!this.gone) this.server.kill();
      await this.server.ended.catch(() => undefined);
      this.dropTestCgroup();
      await this.dropWaitingChild();
      this.dropNextCgroup();
      for (const spare of this.spareCgroups.splice(0)) this.removeInBackground(spare);
      await Promise.all(this.removals);
      this.control.replies.destroy();
      for (const stream of [this.server.stdin, this.server.stdout, this.server.stderr] as (Readable | null)[]) stream?.destroy();
      try {
        renameSync(this.hiddenControl, join(this.box.parts.ioDir, CONTROL_FIFO));
      } catch {
        // never hidden (the server did not come up): the next server makes its own
      }
    })();
    return this.closed;
  }
}

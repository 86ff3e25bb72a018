import {
  closeSync,
  constants,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  rmdirSync,
  write,
  writeFileSync,
  writeSync,
} from 'fs';
import { rmdir } from 'fs/promises';
import { join } from 'path';

import { leftBehind } from './worker-leftovers';

/** Figures of one box, read from its cgroup after the run. */
export interface CgroupUsage {
  cpuMs: number;
  memoryPeakBytes: number;
  oomKilled: boolean;
}

/**
 * The per-run cgroup of a sandbox: memory limit and peak, pids cap, CPU time of the whole process tree.
 * v1 uses the memory, pids and cpuacct hierarchies; v2 one unified directory. Created under the worker's
 * own cgroup so an operator's limits on the worker also bound its boxes.
 */
export interface BoxCgroup {
  /** cgroup.procs files a process must be written to (one per v1 hierarchy). */
  readonly procsFiles: string[];
  setLimits(memoryBytes: number, maxPids: number): void;
  /**
   * Forgets everything counted so far (bwrap's own set-up, or the previous test of a reused box), so figures
   * are the program's: CPU time and the peak restart, OOM kills are counted from here.
   */
  resetCounters(): void;
  /**
   * Whether the last resetCounters restarted the memory peak (cgroup v2 before kernel 6.12 cannot): a box whose
   * peak cannot restart must not serve another submission, whose memory figure would include this one's.
   */
  readonly peakResettable: boolean;
  cpuMs(): number;
  /** Memory charged right now (a reused box's launcher and cache), to subtract from the next peak. */
  memoryBytes(): number;
  usage(): CgroupUsage;
  pids(): number[];
  kill(): void;
  remove(): void;
  /**
   * As remove, on libuv's threads: removing a memory cgroup can take 5–15 ms in the kernel (seen on v1), which a
   * synchronous rmdir spends on the event loop every slot shares. Never rejects.
   */
  removeAsync(): Promise<void>;
}

const read = (file: string) => readFileSync(file, 'utf8').trim();
const tryWrite = (file: string, value: string) => {
  try {
    writeFileSync(file, value);
    return true;
  } catch {
    return false;
  }
};

/**
 * Writes `value` into a cgroup's file with one hand-off to libuv's threads: opening and closing a cgroup file is
 * quick, only the write may wait in the kernel (a move into a cgroup can wait for an RCU grace period), and
 * fs/promises' writeFile would hand off its open, its write and its close each, on every test.
 */
export function writeCgroupFileAsync(file: string, value: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let fd: number;
    try {
      fd = openSync(file, constants.O_WRONLY);
    } catch (error) {
      return reject(error);
    }
    write(fd, value, (error) => {
      closeSync(fd);
      if (error) reject(error);
      else resolve();
    });
  });
}

/** Moves process `pid` into `cgroup` (each of its v1 hierarchies at once) off the event loop. */
export const moveIntoAsync = (cgroup: BoxCgroup, pid: number): Promise<unknown> =>
  Promise.all(cgroup.procsFiles.map((file) => writeCgroupFileAsync(file, String(pid))));

function ownCgroupPath(controller: string): string | null {
  for (const line of readFileSync('/proc/self/cgroup', 'utf8').split('\n')) {
    const [, controllers, path] = line.split(':');
    if (controllers === undefined) continue;
    if (controller === '' ? controllers === '' && line.startsWith('0::') : controllers.split(',').includes(controller)) return path;
  }
  return null;
}

/** What a worker finds once of the v1 memory hierarchy it makes boxes in, rather than per box by a failed write. */
interface V1Memory {
  /** Swap is accounted (memory.memsw.* exist). */
  swapAccounted: boolean;
  /** The boxes' parent has swappiness 0, which a v1 cgroup takes from its parent as it is made. */
  swappinessInherited: boolean;
}

class CgroupV1 implements BoxCgroup {
  readonly procsFiles: string[];
  private oomKillsBase = 0;
  /** The memory limit last set: a new cgroup has none. */
  private memoryLimit = Infinity;

  constructor(
    private readonly dirs: { memory: string; pids: string; cpuacct: string },
    private readonly memory: V1Memory,
  ) {
    for (const dir of Object.values(dirs)) mkdirSync(dir, { recursive: true });
    this.procsFiles = Object.values(dirs).map((d) => join(d, 'cgroup.procs'));
  }

  setLimits(memoryBytes: number, maxPids: number): void {
    // Without swap accounting memsw is absent; where present it closes the swap escape. It may never be below
    // the memory limit: raised first when the limit rises (a reused box's next run), lowered after when it falls
    // (a new cgroup's first limit).
    const memsw = join(this.dirs.memory, 'memory.memsw.limit_in_bytes');
    const rising = memoryBytes > this.memoryLimit;
    if (this.memory.swapAccounted && rising) tryWrite(memsw, String(memoryBytes));
    writeFileSync(join(this.dirs.memory, 'memory.limit_in_bytes'), String(memoryBytes));
    this.memoryLimit = memoryBytes;
    if (this.memory.swapAccounted && !rising) tryWrite(memsw, String(memoryBytes));
    if (!this.memory.swappinessInherited) tryWrite(join(this.dirs.memory, 'memory.swappiness'), '0');
    writeFileSync(join(this.dirs.pids, 'pids.max'), String(maxPids));
  }

  peakResettable = true;

  resetCounters(): void {
    this.peakResettable = tryWrite(join(this.dirs.memory, 'memory.max_usage_in_bytes'), '0');
    tryWrite(join(this.dirs.memory, 'memory.failcnt'), '0');
    writeFileSync(join(this.dirs.cpuacct, 'cpuacct.usage'), '0');
    this.oomKillsBase = this.oomKills() ?? 0;
  }

  /** The kernel's OOM-kill counter (4.13+); null on older kernels, which only have failcnt. */
  private oomKills(): number | null {
    const match = /oom_kill (\d+)/.exec(read(join(this.dirs.memory, 'memory.oom_control')));
    return match ? Number(match[1]) : null;
  }

  cpuMs(): number {
    return Number(read(join(this.dirs.cpuacct, 'cpuacct.usage'))) / 1e6;
  }

  memoryBytes(): number {
    return Number(read(join(this.dirs.memory, 'memory.usage_in_bytes')));
  }

  usage(): CgroupUsage {
    const oomKills = this.oomKills();
    return {
      cpuMs: this.cpuMs(),
      memoryPeakBytes: Number(read(join(this.dirs.memory, 'memory.max_usage_in_bytes'))),
      oomKilled: oomKills !== null ? oomKills > this.oomKillsBase : Number(read(join(this.dirs.memory, 'memory.failcnt'))) > 0,
    };
  }

  pids(): number[] {
    return Object.values(this.dirs).flatMap((d) => readPids(join(d, 'cgroup.procs')));
  }

  kill(): void {
    for (const pid of new Set(this.pids())) killQuietly(pid);
  }

  remove(): void {
    for (const dir of Object.values(this.dirs)) removeQuietly(dir);
  }

  async removeAsync(): Promise<void> {
    await Promise.all(Object.values(this.dirs).map(removeQuietlyAsync));
  }
}

class CgroupV2 implements BoxCgroup {
  readonly procsFiles: string[];
  private cpuBaseUs = 0;
  private oomKillsBase = 0;
  /** memory.peak resets per open file (kernel 6.12+): the same descriptor must write the reset and read. */
  private peakFd: number | null = null;

  constructor(private readonly dir: string) {
    mkdirSync(dir, { recursive: true });
    this.procsFiles = [join(dir, 'cgroup.procs')];
  }

  setLimits(memoryBytes: number, maxPids: number): void {
    writeFileSync(join(this.dir, 'memory.max'), String(memoryBytes));
    tryWrite(join(this.dir, 'memory.swap.max'), '0');
    writeFileSync(join(this.dir, 'pids.max'), String(maxPids));
  }

  peakResettable = true;

  resetCounters(): void {
    // Older kernels cannot reset the peak: it then also covers bwrap's set-up and the box's earlier tests (the
    // submission's figure is the maximum over its tests anyway), and the box serves no other submission.
    try {
      this.peakFd ??= openSync(join(this.dir, 'memory.peak'), 'r+');
      writeSync(this.peakFd, 'reset');
      this.peakResettable = true;
    } catch {
      this.closePeak();
      this.peakResettable = false;
    }
    this.cpuBaseUs = this.usageUs();
    this.oomKillsBase = this.oomKills();
  }

  private oomKills(): number {
    return Number(/oom_kill (\d+)/.exec(read(join(this.dir, 'memory.events')))?.[1] ?? 0);
  }

  private peakBytes(): number {
    if (this.peakFd !== null) {
      const buffer = Buffer.alloc(32);
      return Number(buffer.toString('utf8', 0, readSync(this.peakFd, buffer, 0, buffer.length, 0)).trim());
    }
    const peakFile = join(this.dir, 'memory.peak');
    return Number(read(existsSync(peakFile) ? peakFile : join(this.dir, 'memory.current')));
  }

  private closePeak(): void {
    if (this.peakFd !== null) closeSync(this.peakFd);
    this.peakFd = null;
  }

  memoryBytes(): number {
    return Number(read(join(this.dir, 'memory.current')));
  }

  private usageUs(): number {
    return Number(/usage_usec (\d+)/.exec(read(join(this.dir, 'cpu.stat')))?.[1] ?? 0);
  }

  cpuMs(): number {
    return (this.usageUs() - this.cpuBaseUs) / 1000;
  }

  usage(): CgroupUsage {
    return { cpuMs: this.cpuMs(), memoryPeakBytes: this.peakBytes(), oomKilled: this.oomKills() > this.oomKillsBase };
  }

  pids(): number[] {
    return readPids(join(this.dir, 'cgroup.procs'));
  }

  kill(): void {
    if (!tryWrite(join(this.dir, 'cgroup.kill'), '1')) for (const pid of this.pids()) killQuietly(pid);
  }

  remove(): void {
    this.closePeak();
    removeQuietly(this.dir);
  }

  removeAsync(): Promise<void> {
    this.closePeak();
    return removeQuietlyAsync(this.dir);
  }
}

function readPids(file: string): number[] {
  try {
    return read(file).split('\n').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

function removeQuietly(dir: string): void {
  try {
    rmdirSync(dir);
  } catch {
    // gone, or still draining: the next worker's sweep of stale boxes removes it
  }
}

/** As removeQuietly, on libuv's threads; a cgroup it cannot remove is left to the same sweep. */
const removeQuietlyAsync = (dir: string): Promise<void> => rmdir(dir).catch(() => undefined);

/**
 * Box cgroups are named `<kind>-<worker pid>-<random>`. A worker that died mid-run leaves its boxes' cgroups
 * behind (and, if it was killed hard, their processes): the next worker on the host kills and removes them.
 */
function sweepStale(bases: string[]): void {
  for (const base of bases) {
    for (const name of readdirSync(base)) {
      if (!leftBehind(name)) continue;
      for (const pid of readPids(join(base, name, 'cgroup.procs'))) killQuietly(pid);
      removeQuietly(join(base, name));
    }
  }
}

/**
 * cgroup v2 allows controllers to be handed down only from a cgroup without processes of its own: unless the
 * worker's cgroup can delegate as it is, the worker moves itself into a leaf beside its boxes first.
 */
function enableV2Controllers(own: string): void {
  const controllers = '+memory +pids +cpu';
  if (tryWrite(join(own, 'cgroup.subtree_control'), controllers)) return;
  const leaf = join(own, 'oj-worker');
  mkdirSync(leaf, { recursive: true });
  for (const pid of readPids(join(own, 'cgroup.procs'))) tryWrite(join(leaf, 'cgroup.procs'), String(pid));
  writeFileSync(join(own, 'cgroup.subtree_control'), controllers);
}

/** Creates cgroups for boxes, or reports why it cannot (then the engine falls back to rlimits). */
export class CgroupFactory {
  private constructor(private readonly make: (name: string) => BoxCgroup) {}

  static detect(root = '/sys/fs/cgroup'): CgroupFactory | { unavailable: string } {
    try {
      const v1 = ['memory', 'pids', 'cpuacct'].map((c) => ({ c, path: ownCgroupPath(c) }));
      if (v1.every((x) => x.path !== null) && existsSync(join(root, 'memory', 'memory.usage_in_bytes'))) {
        const base = Object.fromEntries(v1.map(({ c, path }) => [c, join(root, c, path as string, 'oj-boxes')]));
        for (const dir of Object.values(base)) mkdirSync(dir, { recursive: true });
        sweepStale(Object.values(base));
        const memory: V1Memory = {
          swapAccounted: existsSync(join(base.memory, 'memory.memsw.limit_in_bytes')),
          swappinessInherited: tryWrite(join(base.memory, 'memory.swappiness'), '0'),
        };
        return new CgroupFactory(
          (name) =>
            new CgroupV1({ memory: join(base.memory, name), pids: join(base.pids, name), cpuacct: join(base.cpuacct, name) }, memory),
        );
      }
      const unified = ownCgroupPath('');
      if (unified !== null && existsSync(join(root, 'cgroup.controllers'))) {
        const own = join(root, unified);
        const base = join(own, 'oj-boxes');
        mkdirSync(base, { recursive: true });
        enableV2Controllers(own);
        writeFileSync(join(base, 'cgroup.subtree_control'), '+memory +pids +cpu');
        sweepStale([base]);
        return new CgroupFactory((name) => new CgroupV2(join(base, name)));
      }
      return { unavailable: 'no memory, pids and cpuacct cgroup controllers found' };
    } catch (error) {
      return { unavailable: (error as Error).message };
    }
  }

  create(name: string): BoxCgroup {
    return this.make(name);
  }
}

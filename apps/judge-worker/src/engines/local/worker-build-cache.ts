import { createHash } from 'crypto';
import {
  chmodSync,
  closeSync,
  constants,
  copyFileSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'fs';
import { dirname, join } from 'path';

import { processAlive } from './worker-leftovers';

const DIGEST_CHUNK_BYTES = 1 << 20;

/**
 * How long a worker waits for another's build of the same entry before it builds its own: longer than any build
 * takes (the .gch's compile may run 120 s), so only a builder that hangs or died unseen (in another pid namespace)
 * is waited out.
 */
export const BUILD_WAIT_MS = 180_000;
const BUILD_POLL_MS = 100;

/** The modes a kept build is left with: read-only for everyone, executable or not. */
type ReadOnlyMode = 0o444 | 0o555;

/** Blocks this thread for `ms` (a worker's start is synchronous: it waits as its own build's spawnSync would). */
function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** The SHA-256 of a file's content, read a chunk at a time (a .gch is over 100 MB). */
function fileDigest(path: string): string {
  const hash = createHash('sha256');
  const chunk = Buffer.allocUnsafe(DIGEST_CHUNK_BYTES);
  const fd = openSync(path, 'r');
  try {
    for (let read; (read = readSync(fd, chunk, 0, chunk.length, null)) > 0;) hash.update(chunk.subarray(0, read));
  } finally {
    closeSync(fd);
  }
  return hash.digest('hex');
}

/**
 * What a worker builds at start for the toolchains installed now (C++'s precompiled header, Java's class-data
 * sharing archive), kept for the next worker on this machine: each takes a second or several of CPU, and every
 * worker start (and every test that makes an engine) would pay it again for the same toolchain and options.
 * Entries sit beside the work root in `oj-judge-<kind>-cache`, named by a hash of what makes a build fit (the
 * files it is built from or for, and the options), and are only read when this process's user owns them and
 * nobody else may write them or their directory: a .gch is code every C++ submission compiles in, an archive
 * classes every Java run loads, so one planted by another user must never be taken. Each entry has the SHA-256 its
 * content had when it was kept beside it, and a worker takes its copy only when the copy still has it: a file cut
 * short by a crash or damaged on disk is built again, never used, so an entry needs no probe a second time.
 */
export class WorkerBuildCache {
  private readonly dir: string;

  constructor(
    workRoot: string,
    kind: string,
    private readonly extension: string,
  ) {
    this.dir = join(dirname(workRoot), `oj-judge-${kind}-cache`);
  }

  /** The cache entry's path for builds from these files and options (the files' sizes and times stand for them). */
  entry(files: string[], options: string[]): string {
    const stamp = (path: string) => {
      const { size, mtimeMs } = statSync(path);
      return `${path}:${size}:${mtimeMs}`;
    };
    const key = createHash('sha256')
      .update([...files.map(stamp), ...options].join('\0'))
      .digest('hex')
      .slice(0, 32);
    return join(this.dir, `${key}${this.extension}`);
  }

  /**
   * Copies a trusted entry to `target`; false when there is none, it cannot be trusted, it cannot be copied, or the
   * copy's content is not what was kept (then `target` is removed). Never throws: a worker without it builds afresh.
   */
  take(entry: string, target: string): boolean {
    const digest = digestOf(entry);
    if (!this.trusted(this.dir) || !this.trusted(entry) || !this.trusted(digest)) return false;
    try {
      const kept = readFileSync(digest, 'utf8');
      // A clone where the filesystem has them (btrfs, XFS): the same blocks, no copy; elsewhere a plain copy.
      copyFileSync(entry, target, constants.COPYFILE_FICLONE);
      if (fileDigest(target) === kept) return true;
    } catch {
      // Gone meanwhile, or no room for the copy: built afresh, as without an entry.
    }
    rmSync(target, { force: true });
    return false;
  }

  /**
   * The entry copied to `target`, or else `build` run by one worker of the machine at a time: `build` leaves its
   * file at `target` and answers null when it passed its checks (it is then kept) or why not. Either way the file
   * at `target` is left read-only (boxes bind it; nothing may change it once checked): `mode` 0o444, or 0o555 for a
   * program. Workers that start together (a compose scale, a test run's first files on a clean machine) would
   * otherwise each build the same file at once, and on two cores the seventh of seven .gch builds ends after all
   * seven (8 CPU-s each): the first to come holds `<entry>.lock` (its pid) while it builds, the others wait for it
   * and take its copy. A lock whose holder is gone, or older than BUILD_WAIT_MS, is taken over; without a cache
   * directory to trust, each builds.
   */
  takeOrBuild(entry: string, target: string, build: () => string | null, mode: ReadOnlyMode = 0o444): string | null {
    if (this.takeReadOnly(entry, target, mode)) return null;
    const lock = `${entry}.lock`;
    const deadline = Date.now() + BUILD_WAIT_MS;
    for (let state = this.prepared() ? this.lock(lock) : 'unavailable'; state === 'busy'; state = this.lock(lock)) {
      if (Date.now() > deadline) break;
      sleepSync(BUILD_POLL_MS);
      if (this.takeReadOnly(entry, target, mode)) return null;
    }
    try {
      // The lock's last holder may have kept it between this worker's take and its lock.
      if (this.takeReadOnly(entry, target, mode)) return null;
      const failure = build();
      if (failure) return failure;
      chmodSync(target, mode);
      this.keep(target, entry);
      return null;
    } finally {
      this.unlock(lock);
    }
  }

  private takeReadOnly(entry: string, target: string, mode: ReadOnlyMode): boolean {
    if (!this.take(entry, target)) return false;
    chmodSync(target, mode);
    return true;
  }

  /** The cache directory, made if need be; false when it cannot be trusted (then nothing is kept or locked). */
  private prepared(): boolean {
    try {
      mkdirSync(this.dir, { mode: 0o755 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return false;
    }
    return this.trusted(this.dir);
  }

  /**
   * Takes the build lock: 'held' when this process holds it now, 'busy' while another does (a dead or timed-out
   * holder's lock is removed, for the next try to take), 'unavailable' when no lock can be made (a full disk).
   */
  private lock(lock: string): 'held' | 'busy' | 'unavailable' {
    try {
      const fd = openSync(lock, 'wx', 0o644);
      try {
        writeSync(fd, String(process.pid));
      } finally {
        closeSync(fd);
      }
      return 'held';
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return 'unavailable';
    }
    try {
      const holder = Number(readFileSync(lock, 'utf8'));
      // A holder mid-write has not written its pid yet: a lock that young is a live one.
      const young = Date.now() - statSync(lock).mtimeMs < BUILD_WAIT_MS;
      if ((holder > 0 && !processAlive(holder)) || !young) rmSync(lock, { force: true });
    } catch {
      // released meanwhile: the next try takes it
    }
    return 'busy';
  }

  /** Releases the lock if this process holds it. */
  private unlock(lock: string): void {
    try {
      if (readFileSync(lock, 'utf8') === String(process.pid)) rmSync(lock, { force: true });
    } catch {
      // never held, or already gone
    }
  }

  /**
   * Keeps a copy of a file this worker built and checked, and its digest (each written aside, then renamed: readers
   * never see half of either; one that pairs an old digest with a new entry finds them differ and builds again).
   */
  keep(built: string, entry: string): void {
    if (!this.prepared()) return;
    const placed = [
      { path: digestOf(entry), write: (partial: string) => writeFileSync(partial, fileDigest(built), { mode: 0o444 }) },
      { path: entry, write: (partial: string) => copyFileSync(built, partial) },
    ];
    for (const { path, write } of placed) {
      const partial = `${path}.${process.pid}.partial`;
      try {
        write(partial);
        renameSync(partial, path);
      } catch {
        rmSync(partial, { force: true });
        return;
      }
    }
  }

  /** Owned by this process's user, a real directory or file (no symlink), writable by nobody else. */
  private trusted(path: string): boolean {
    try {
      const stat = lstatSync(path);
      return !stat.isSymbolicLink() && stat.uid === process.getuid?.() && (stat.mode & 0o022) === 0;
    } catch {
      return false;
    }
  }
}

/** Where an entry's digest is kept. */
function digestOf(entry: string): string {
  return `${entry}.sha256`;
}

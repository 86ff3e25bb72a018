import { createHash } from 'crypto';
import {
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
} from 'fs';
import { dirname, join } from 'path';

const DIGEST_CHUNK_BYTES = 1 << 20;

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
   * Keeps a copy of a file this worker built and checked, and its digest (each written aside, then renamed: readers
   * never see half of either; one that pairs an old digest with a new entry finds them differ and builds again).
   */
  keep(built: string, entry: string): void {
    try {
      mkdirSync(this.dir, { mode: 0o755 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return;
    }
    if (!this.trusted(this.dir)) return;
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

import { createHash } from 'crypto';
import { copyFileSync, lstatSync, mkdirSync, renameSync, rmSync, statSync } from 'fs';
import { dirname, join } from 'path';

/**
 * What a worker builds at start for the toolchains installed now (C++'s precompiled header, Java's class-data
 * sharing archive), kept for the next worker on this machine: each takes a second or several of CPU, and every
 * worker start (and every test that makes an engine) would pay it again for the same toolchain and options.
 * Entries sit beside the work root in `oj-judge-<kind>-cache`, named by a hash of what makes a build fit (the
 * files it is built from or for, and the options), and are only read when this process's user owns them and
 * nobody else may write them or their directory: a .gch is code every C++ submission compiles in, an archive
 * classes every Java run loads, so one planted by another user must never be taken. A worker copies an entry into
 * its own directory and checks it there as if it had built it (precompiled-header.ts, java-class-archive.ts).
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

  /** Copies a trusted entry to `target`; false when there is none (or it cannot be trusted). */
  take(entry: string, target: string): boolean {
    if (!this.trusted(this.dir) || !this.trusted(entry)) return false;
    copyFileSync(entry, target);
    return true;
  }

  /** Keeps a copy of a file this worker built and checked (written aside, then renamed: readers never see half). */
  keep(built: string, entry: string): void {
    try {
      mkdirSync(this.dir, { mode: 0o755 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return;
    }
    if (!this.trusted(this.dir)) return;
    const partial = `${entry}.${process.pid}.partial`;
    try {
      copyFileSync(built, partial);
      renameSync(partial, entry);
    } catch {
      rmSync(partial, { force: true });
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

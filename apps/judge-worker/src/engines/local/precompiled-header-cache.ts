import { createHash } from 'crypto';
import { copyFileSync, lstatSync, mkdirSync, renameSync, rmSync, statSync } from 'fs';
import { dirname, join } from 'path';

/**
 * Built precompiled headers kept for the next worker on this machine: a .gch takes seconds of CPU to build, and
 * every worker start (and every test that makes an engine) would pay it again for the same compiler and flags.
 * Entries sit beside the work root, named by a hash of what makes a .gch fit (the compiler binary, the header, the
 * flags), and are only read when this process's user owns them and nobody else may write them or their directory:
 * a .gch is code every C++ submission compiles in, so one planted by another user must never be taken. A worker
 * copies an entry into its own directory and probes it there (precompiled-header.ts), as if it had built it.
 */
export class PrecompiledHeaderCache {
  private readonly dir: string;

  constructor(workRoot: string) {
    this.dir = join(dirname(workRoot), 'oj-judge-pch-cache');
  }

  /** The cache entry's path for a compiler, header and flags (the files' sizes and times stand for their builds). */
  entry(compiler: string, header: string, flags: string[]): string {
    const stamp = (path: string) => {
      const { size, mtimeMs } = statSync(path);
      return `${path}:${size}:${mtimeMs}`;
    };
    const key = createHash('sha256')
      .update([stamp(compiler), stamp(header), ...flags].join('\0'))
      .digest('hex')
      .slice(0, 32);
    return join(this.dir, `${key}.gch`);
  }

  /** Copies a trusted entry to `target`; false when there is none (or it cannot be trusted). */
  take(entry: string, target: string): boolean {
    if (!this.trusted(this.dir) || !this.trusted(entry)) return false;
    copyFileSync(entry, target);
    return true;
  }

  /** Keeps a copy of a .gch this worker built and probed (written aside, then renamed: readers never see half). */
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

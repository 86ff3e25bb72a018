import {
  chmodSync,
  copyFileSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  Stats,
  unlinkSync,
  utimesSync,
} from 'fs';
import { join } from 'path';

import { CheckerLease } from '../judge-engine';
import { removeBoxDir } from './private-mounts';
import { processAlive } from './worker-leftovers';
import { ownedPrefix } from './worker-owned-names';

/** The default cap of a work root's compiled checkers (CHECKER_CACHE_MAX_MB). */
export const DEFAULT_CHECKER_CACHE_MB = 256;

/** A worker's copy of a binary being moved into the cache: `<key>.<pid>.tmp`. */
const PARTIAL = /\.(\d+)\.tmp$/;

/**
 * Compiled checkers, kept in `<work root>/checkers` under a key (the hash of what they were built from) and at most
 * `maxBytes` in all: past that, the least recently used go first, but never one in use. Several workers may share a
 * work root, so what is in use is told by the file system, not by one worker's memory: a lease is a hard link to
 * the entry in a directory of the lease's own (no copy), which raises the entry's link count while it lasts and
 * keeps the binary even if another worker removes the entry. A crashed worker's leases go with its directories
 * (see worker-leftovers). An entry's modification time is its last use.
 */
export class CheckerCache {
  private readonly dir: string;
  /** The last trim could not get under the cap (everything older was in use): the next release tries again. */
  private overCap = false;

  constructor(
    private readonly workRoot: string,
    private readonly maxBytes: number,
  ) {
    this.dir = join(workRoot, 'checkers');
  }

  /** A lease on the checker cached under `key`, which becomes the most recently used; null when it is not cached. */
  lease(key: string): CheckerLease | null {
    const entry = join(this.dir, key);
    if (!isRegularFile(entry)) return null;
    const lease = this.newLease();
    try {
      linkSync(entry, lease.program);
    } catch (error) {
      lease.release();
      // Evicted since it was seen.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    const now = new Date();
    utimesSync(lease.program, now, now);
    return lease;
  }

  /**
   * Copies a freshly built binary in under `key`, atomically (readers see all of it or nothing), then trims the
   * cache; the lease returned holds the new entry, so that trim never takes it.
   */
  add(key: string, built: string): CheckerLease {
    // Made on the first compile, so a worker that never meets a custom checker leaves no trace of them.
    mkdirSync(this.dir, { recursive: true, mode: 0o711 });
    const lease = this.newLease();
    copyFileSync(built, lease.program);
    chmodSync(lease.program, 0o755);
    const entry = join(this.dir, key);
    const partial = `${entry}.${process.pid}.tmp`;
    linkSync(lease.program, partial);
    renameSync(partial, entry);
    this.trim();
    return lease;
  }

  /** Removes the least recently used entries not in use until the cache is within its cap. */
  trim(): void {
    const entries: { path: string; stats: Stats }[] = [];
    for (const name of readdirSync(this.dir)) {
      const path = join(this.dir, name);
      const partial = PARTIAL.exec(name);
      if (partial) {
        // A copy a crashed worker never finished; another worker's copy in progress is left alone.
        if (!processAlive(Number(partial[1]))) unlinkIfPresent(path);
        continue;
      }
      const stats = statIfPresent(path);
      if (stats?.isFile()) entries.push({ path, stats });
    }
    let total = entries.reduce((sum, e) => sum + e.stats.size, 0);
    entries.sort((a, b) => a.stats.mtimeMs - b.stats.mtimeMs);
    for (const { path, stats } of entries) {
      if (total <= this.maxBytes) break;
      if (stats.nlink > 1) continue;
      unlinkIfPresent(path);
      total -= stats.size;
    }
    this.overCap = total > this.maxBytes;
  }

  /** In a directory named like the engine's others, so a crashed worker's leases are swept with them. */
  private newLease(): CheckerLease {
    const dir = mkdtempSync(join(this.workRoot, ownedPrefix('chk')));
    chmodSync(dir, 0o711);
    return {
      program: join(dir, 'checker'),
      release: () => {
        removeBoxDir(dir);
        if (this.overCap) this.trim();
      },
    };
  }
}

export function isRegularFile(path: string): boolean {
  return statIfPresent(path)?.isFile() ?? false;
}

function statIfPresent(path: string): Stats | null {
  try {
    return lstatSync(path);
  } catch {
    return null;
  }
}

function unlinkIfPresent(path: string): void {
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

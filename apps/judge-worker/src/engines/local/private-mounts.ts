import { spawnSync } from 'child_process';
import { cpSync, mkdtempSync, rmSync, statSync } from 'fs';
import { dirname, join } from 'path';

import { removeAtExit } from './exit-removals';
import { ToolchainBind } from './sandbox-types';
import { ownedPrefix } from './worker-owned-names';

const MOUNT = '/usr/bin/mount';
const UMOUNT = '/usr/bin/umount';
/**
 * Room for the toolchain copies: C++'s precompiled header (124 MB with GCC 12), Java's two class-data archives (12
 * and 19 MB), the TypeScript compiler and Node's typings (26 MB); a newer compiler's header may be larger. A cap, not
 * a reservation: the tmpfs holds only what is copied.
 */
const TOOLS_TMPFS_BYTES = 384 * 1024 * 1024;

/** Whether `dir` is a mount point (another filesystem than its parent's). */
function isMountPoint(dir: string): boolean {
  try {
    return statSync(dir).dev !== statSync(dirname(dir)).dev;
  } catch {
    return false;
  }
}

/** Detaches whatever is mounted on `dir` (lazily: a process still inside does not block it); no-op otherwise. */
function unmountIfMounted(dir: string): void {
  if (isMountPoint(dir)) spawnSync(UMOUNT, ['-l', dir]);
}

/** Removes a directory the worker made, with the tmpfs it may carry. */
export function removeBoxDir(dir: string): void {
  unmountIfMounted(dir);
  rmSync(dir, { recursive: true, force: true });
}

/**
 * Makes the directories the worker binds into boxes (a submission's /box, a run box's /io and launcher) roots of
 * tmpfs mounts of their own. A box's /proc/self/mountinfo shows, for every bind, its source's path within the
 * source's filesystem: a directory under the work root shows up as `/tmp/oj-judge/sub-4242-x1y2z3`, giving away
 * the work root, the worker's pid and layout; the root of a tmpfs shows up as `/`. Mounting needs the rights a
 * privileged worker has (CAP_SYS_ADMIN); without them the engine says so and binds plain directories.
 */
export class PrivateMounts {
  /** Copies of toolchain directories (host path → copy), made on first use in the worker's tools tmpfs. */
  private readonly staged = new Map<string, string>();
  private toolsDir: string | null = null;

  private constructor(private readonly workRoot: string) {}

  /** Probes once, in the work root, whether this worker may mount. */
  static detect(workRoot: string): PrivateMounts | { unavailable: string } {
    const probe = mkdtempSync(join(workRoot, ownedPrefix('probe')));
    try {
      const mounts = new PrivateMounts(workRoot);
      const error = mounts.tryMount(probe, 4096, 0o700, 0);
      return error ? { unavailable: error } : mounts;
    } finally {
      removeBoxDir(probe);
    }
  }

  /** Puts a tmpfs of `sizeBytes` on the (new, empty) directory `dir`, its root owned by `uid` with `mode`. */
  mount(dir: string, sizeBytes: number, mode: number, uid: number): void {
    const error = this.tryMount(dir, sizeBytes, mode, uid);
    if (error) throw new Error(`cannot mount a tmpfs on ${dir}: ${error}`);
  }

  /**
   * The binds of a toolchain (the workspace's TypeScript packages) with copies as their sources: bound straight
   * from the workspace they would show the project's path. The copies live in one tmpfs per worker, made on the
   * first use and detached when the worker exits (or, after a crash, by the next worker's sweep).
   */
  stagedBinds(binds: ToolchainBind[]): ToolchainBind[] {
    return binds.map((bind) => {
      let copy = this.staged.get(bind.host);
      if (!copy) {
        const tools = this.tools();
        copy = join(tools, String(this.staged.size));
        cpSync(bind.host, copy, { recursive: true, dereference: true });
        this.staged.set(bind.host, copy);
      }
      return { ...bind, host: copy };
    });
  }

  private tools(): string {
    if (this.toolsDir) return this.toolsDir;
    const dir = mkdtempSync(join(this.workRoot, ownedPrefix('tools')));
    this.mount(dir, TOOLS_TMPFS_BYTES, 0o755, 0);
    removeAtExit(dir, removeBoxDir);
    this.toolsDir = dir;
    return dir;
  }

  private tryMount(dir: string, sizeBytes: number, mode: number, uid: number): string | null {
    const options = `size=${sizeBytes},mode=${mode.toString(8)},uid=${uid},gid=${uid},nosuid,nodev`;
    const result = spawnSync(MOUNT, ['-t', 'tmpfs', '-o', options, 'oj-box', dir], { encoding: 'utf8' });
    if (result.status === 0) return null;
    return (result.error?.message ?? result.stderr).trim() || `mount exited with ${result.status}`;
  }
}

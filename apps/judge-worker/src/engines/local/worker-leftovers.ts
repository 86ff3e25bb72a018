import { readdirSync } from 'fs';
import { join } from 'path';

import { removeBoxDir } from './private-mounts';

/** Whether a process (a worker that owned some boxes) still runs. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * What a worker names `<kind>-<worker pid>-<random>` in a work root or its cgroup: submissions' and boxes' directories
 * and cgroups, checkers' builds, and what it makes at start (the tools tmpfs, Java's archives, C++'s header). A kind
 * missing here is never swept: a worker killed before its exit listener ran would leave it for good.
 */
const WORKER_OWNED_KINDS = ['sub', 'slot', 'out', 'io', 'probe', 'tools', 'box', 'run', 'chk', 'jcds', 'javacds', 'pch'];
const OWNED_NAME = new RegExp(`^(?:${WORKER_OWNED_KINDS.join('|')})-(\\d+)-`);

/** The pid of the worker that made a box's directory or cgroup, named `<kind>-<worker pid>-<random>`. */
function ownerPid(name: string): number | null {
  const match = OWNED_NAME.exec(name);
  return match ? Number(match[1]) : null;
}

/** Whether `name` was left behind by a worker that is gone (a crash leaves its work and io directories). */
export function leftBehind(name: string): boolean {
  const owner = ownerPid(name);
  return owner !== null && owner !== process.pid && !processAlive(owner);
}

/** Removes submission, output and io directories of dead workers from a work root that several workers may share. */
export function sweepWorkRoot(root: string): void {
  for (const name of readdirSync(root)) {
    if (leftBehind(name)) removeBoxDir(join(root, name));
  }
}

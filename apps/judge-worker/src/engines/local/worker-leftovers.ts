import { readdirSync } from 'fs';
import { join } from 'path';

import { removeBoxDir } from './private-mounts';
import { ownerPid } from './worker-owned-names';

/** Whether a process (a worker that owned some boxes) still runs. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
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

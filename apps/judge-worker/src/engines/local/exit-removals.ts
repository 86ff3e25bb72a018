import { chmodSync, mkdtempSync, rmSync } from 'fs';
import { join } from 'path';

import { ownedPrefix, WorkerOwnedKind } from './worker-owned-names';

const removals = new Map<string, (path: string) => void>();

/**
 * Removes `path` (by `remove`, a recursive delete unless given) when the process exits. One exit listener does all
 * of them: an engine leaves several directories, and a test process makes many engines.
 */
export function removeAtExit(path: string, remove: (path: string) => void = removeTree): void {
  if (removals.size === 0) process.once('exit', () => removals.forEach((removeOne, made) => removeOne(made)));
  removals.set(path, remove);
}

function removeTree(path: string): void {
  rmSync(path, { recursive: true, force: true });
}

/**
 * A new directory of the work root, `<kind>-<pid>-*`, for what the worker makes at start and boxes bind read-only
 * (a .gch, a class-data sharing archive): readable by the boxes' user, and removed when the process exits.
 */
export function workerMadeDir(workRoot: string, kind: WorkerOwnedKind): string {
  const dir = mkdtempSync(join(workRoot, ownedPrefix(kind)));
  chmodSync(dir, 0o755);
  removeAtExit(dir);
  return dir;
}

import { readdirSync, rmSync } from 'fs';
import { join } from 'path';

import { removeBoxDir } from '../../src/engines/local/private-mounts';

/** Removes a test's work root: the engine's toolchain copies and warm boxes' directories are tmpfs of their own. */
export function removeTree(root: string): void {
  for (const name of readdirSync(root)) removeBoxDir(join(root, name));
  rmSync(root, { recursive: true, force: true });
}

import { spawnSync } from 'child_process';
import { existsSync, mkdirSync, rmSync } from 'fs';
import { dirname, join } from 'path';

import { workerMadeDir } from './exit-removals';
import { PrecompiledHeader } from './language-catalog';
import { ToolchainBind } from './sandbox-types';
import { WorkerBuildCache } from './worker-build-cache';

const TOOL_ENV = { PATH: '/usr/bin:/bin' };

/** The worker's precompiled header as its language's boxes see it, or why they have none. */
export type PrecompiledHeaderBind = { bind: ToolchainBind } | { unavailable: string };

/**
 * Precompiles the language's header into a new directory of the work root, made by this worker for the compiler
 * installed now (a .gch only fits the exact compiler build and flags that wrote it, so it is never shipped), and
 * binds that directory read-only at the header's box directory. The directory holds the .gch alone: a compile
 * whose macros or flags do not fit it skips it silently and goes on to the system's header, exactly as without
 * it. The .gch is compiled from the system's header where it lies, so the include chains in compiler messages
 * name the same files either way. Before it is bound, a probe compile must have used it: a .gch that cut short
 * would be a fatal error for GCC, not a silent miss. A .gch an earlier worker on this machine built and probed for
 * the same compiler, header and flags is copied from a WorkerBuildCache instead of being built again: the copy is
 * the very file that passed that probe (the cache checks its digest), so it is not probed again, which saves each
 * worker start about a second of CPU (the probe loads all of the .gch). Workers starting together build it once:
 * the others wait for the first one's copy.
 */
export function precompileHeader(workRoot: string, pch: PrecompiledHeader): PrecompiledHeaderBind {
  if (!existsSync(pch.compiler)) return { unavailable: `no ${pch.compiler}` };
  const header = systemHeader(pch);
  if (!header) return { unavailable: `${pch.compiler} finds no <${pch.header}>` };
  const dir = workerMadeDir(workRoot, 'pch');
  const gch = join(dir, `${pch.header}.gch`);
  mkdirSync(dirname(gch), { recursive: true, mode: 0o755 });
  const cache = new WorkerBuildCache(workRoot, 'pch', '.gch');
  const failure = cache.takeOrBuild(cache.entry([pch.compiler, header], pch.flags), gch, () => {
    const built = spawnSync(pch.compiler, ['-x', `${pch.language}-header`, ...pch.flags, '-o', gch, header], {
      encoding: 'utf8',
      timeout: 120_000,
      env: TOOL_ENV,
    });
    return built.status !== 0
      ? `precompiling failed: ${(built.error?.message ?? built.stderr ?? '').trim().slice(-300)}`
      : probe(pch, dir, gch);
  });
  if (failure) {
    rmSync(dir, { recursive: true, force: true });
    return { unavailable: failure };
  }
  return { bind: { host: dir, box: pch.boxDir } };
}

/**
 * Where the compiler finds the header without the worker's directory: the first of its `#include <…>` directories,
 * in the order `-v` lists them, that has it, named as GCC names it (directory, slash, header). Asking for the list
 * preprocesses nothing; preprocessing the header itself (`-E -H`) cost each worker start about 0.2 s of CPU.
 */
export function systemHeader(pch: PrecompiledHeader): string | null {
  const listed = spawnSync(pch.compiler, ['-x', pch.language, ...pch.flags, '-E', '-v', '-o', '/dev/null', '-'], {
    input: '',
    encoding: 'utf8',
    timeout: 60_000,
    env: TOOL_ENV,
  });
  const dirs = /^#include <\.\.\.> search starts here:\n([^]*?)\nEnd of search list\.$/m.exec(listed.stderr ?? '')?.[1];
  if (!dirs) return null;
  return (
    dirs
      .split('\n')
      .map((line) => `${line.trim()}/${pch.header}`)
      .find((path) => existsSync(path)) ?? null
  );
}

/** Null when a compile with the flags uses the .gch (GCC's -H marks a used one with `!`), otherwise why not. */
function probe(pch: PrecompiledHeader, dir: string, gch: string): string | null {
  const probed = spawnSync(pch.compiler, ['-x', pch.language, ...pch.flags, `-I${dir}`, '-fsyntax-only', '-H', '-'], {
    input: `#include <${pch.header}>\nint main() {}\n`,
    encoding: 'utf8',
    timeout: 60_000,
    env: TOOL_ENV,
  });
  return (probed.stderr ?? '').split('\n').includes(`! ${gch}`) ? null : `a compile does not use the precompiled ${pch.header}`;
}

import { RunFailure } from '../judge-engine';
import { SandboxResult } from './box-run';

/** Memory use this close to the limit means a failed allocation, whatever way the runtime died of it. */
const NEAR_LIMIT = 0.95;
const OUT_OF_MEMORY = /OutOfMemoryError|MemoryError|bad_alloc|JavaScript heap out of memory|out of memory/i;

/** Why a run failed (time, memory, output, a signal, a non-zero exit), or null when it exited with 0. */
export function runFailure(run: SandboxResult, memoryLimitBytes: number): RunFailure | null {
  const nearLimit = run.memoryKB !== null && run.memoryKB * 1024 >= NEAR_LIMIT * memoryLimitBytes;
  switch (run.termination) {
    case 'cpu-limit':
      return { status: 'tle', message: 'Time limit exceeded' };
    case 'wall-limit':
      return { status: 'tle', message: 'Time limit exceeded (wall clock)' };
    case 'memory-limit':
      return { status: 'rte', message: 'Memory limit exceeded' };
    case 'output-limit':
      return { status: 'rte', message: 'Output limit exceeded' };
    case 'signaled':
      return { status: 'rte', message: nearLimit ? 'Memory limit exceeded' : (run.signal ?? 'Killed by a signal') };
  }
  if (run.exitCode === 0) return null;
  const outOfMemory = nearLimit || OUT_OF_MEMORY.test(run.stderr.toString('utf8', 0, 4096));
  return { status: 'rte', message: outOfMemory ? 'Memory limit exceeded' : `Exit code ${run.exitCode}` };
}

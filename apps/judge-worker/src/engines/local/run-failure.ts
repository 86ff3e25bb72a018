import { RunFailure } from '../judge-engine';
import { SandboxResult } from './run-supervision';

/** Memory use this close to the limit means a failed allocation, whatever way the runtime died of it. */
const NEAR_LIMIT = 0.95;
const OUT_OF_MEMORY = /OutOfMemoryError|MemoryError|bad_alloc|JavaScript heap out of memory|out of memory/i;
const MEMORY_LIMIT: RunFailure = { status: 'rte', message: 'Memory limit exceeded', cause: 'memory' };

/** Why a run failed (time, memory, output, a signal, a non-zero exit), or null when it exited with 0. */
export function runFailure(run: SandboxResult, memoryLimitBytes: number): RunFailure | null {
  const nearLimit = run.memoryKB !== null && run.memoryKB * 1024 >= NEAR_LIMIT * memoryLimitBytes;
  switch (run.termination) {
    case 'cpu-limit':
      return { status: 'tle', message: 'Time limit exceeded', cause: 'time' };
    case 'wall-limit':
      return { status: 'tle', message: 'Time limit exceeded (wall clock)', cause: 'time' };
    case 'memory-limit':
      return MEMORY_LIMIT;
    case 'output-limit':
      return { status: 'ole', message: 'Output limit exceeded', cause: 'output' };
    case 'signaled':
      return nearLimit ? MEMORY_LIMIT : { status: 'rte', message: run.signal ?? 'Killed by a signal', cause: 'crash' };
  }
  if (run.exitCode === 0) return null;
  if (nearLimit || OUT_OF_MEMORY.test(run.stderr.toString('utf8', 0, 4096))) return MEMORY_LIMIT;
  return { status: 'rte', message: `Exit code ${run.exitCode}`, cause: 'crash' };
}

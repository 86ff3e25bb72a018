import { runFailure } from './run-failure';
import { SandboxResult } from './run-supervision';

const MIB = 1024 * 1024;
const run = (over: Partial<SandboxResult>): SandboxResult => ({
  termination: 'exited',
  exitCode: 0,
  signal: null,
  cpuMs: 12,
  wallMs: 20,
  memoryKB: 1024,
  stderr: Buffer.alloc(0),
  ...over,
});

describe('runFailure: why a run in a box stopped, decided once', () => {
  it('is nothing for a run that exited with 0', () => {
    expect(runFailure(run({}), 64 * MIB)).toBeNull();
  });

  it('tells a limit the run hit from a crash', () => {
    expect(runFailure(run({ termination: 'wall-limit' }), 64 * MIB)?.cause).toBe('time');
    expect(runFailure(run({ exitCode: 1, memoryKB: 63 * 1024 }), 64 * MIB)?.cause).toBe('memory');
    expect(runFailure(run({ termination: 'output-limit' }), 64 * MIB)?.cause).toBe('output');
    expect(runFailure(run({ termination: 'signaled', exitCode: null, signal: 'SIGPIPE' }), 64 * MIB)?.cause).toBe('crash');
  });

  it.each([
    [{ termination: 'cpu-limit' as const }, 'tle', 'Time limit exceeded'],
    [{ termination: 'wall-limit' as const }, 'tle', 'Time limit exceeded (wall clock)'],
    [{ termination: 'memory-limit' as const, exitCode: null, signal: 'SIGKILL' }, 'rte', 'Memory limit exceeded'],
    [{ termination: 'output-limit' as const }, 'ole', 'Output limit exceeded'],
    [{ termination: 'signaled' as const, exitCode: null, signal: 'SIGSEGV' }, 'rte', 'SIGSEGV'],
    [{ termination: 'signaled' as const, exitCode: null, signal: null }, 'rte', 'Killed by a signal'],
    [{ termination: 'signaled' as const, exitCode: null, signal: 'SIGKILL', memoryKB: 63 * 1024 }, 'rte', 'Memory limit exceeded'],
    [{ exitCode: 3 }, 'rte', 'Exit code 3'],
    [{ exitCode: 200 }, 'rte', 'Exit code 200'],
    [{ exitCode: 1, stderr: Buffer.from('MemoryError\n') }, 'rte', 'Memory limit exceeded'],
    [{ exitCode: 1, memoryKB: 63 * 1024 }, 'rte', 'Memory limit exceeded'],
  ])('%j → %s, %s', (over, status, message) => {
    expect(runFailure(run(over), 64 * MIB)).toMatchObject({ status, message });
  });
});

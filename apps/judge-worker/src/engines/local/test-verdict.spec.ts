import { SandboxResult } from './sandbox';
import { testVerdict } from './test-verdict';

const MIB = 1024 * 1024;
const test = { input: '1 2\n', output: '3\n', points: 5 };
const run = (over: Partial<SandboxResult>): SandboxResult => ({
  termination: 'exited',
  exitCode: 0,
  signal: null,
  cpuMs: 12,
  wallMs: 20,
  memoryKB: 1024,
  stdout: Buffer.from('3\n'),
  stderr: Buffer.alloc(0),
  ...over,
});
const verdict = (over: Partial<SandboxResult>) => testVerdict(0, test, run(over), 64 * MIB);

describe('testVerdict', () => {
  it('accepted: points, CPU time and memory of the run', () => {
    expect(verdict({})).toEqual({ index: 0, status: 'accepted', points: 5, timeMs: 12, memoryKB: 1024 });
  });

  it('wrong answer when the checker disagrees', () => {
    expect(verdict({ stdout: Buffer.from('4\n') })).toMatchObject({ status: 'wrong_answer', points: 0, message: 'Wrong answer' });
  });

  it.each([
    [{ termination: 'cpu-limit' as const }, 'tle', 'Time limit exceeded'],
    [{ termination: 'wall-limit' as const }, 'tle', 'Time limit exceeded (wall clock)'],
    [{ termination: 'memory-limit' as const, exitCode: null, signal: 'SIGKILL' as const }, 'rte', 'Memory limit exceeded'],
    [{ termination: 'output-limit' as const }, 'rte', 'Output limit exceeded'],
    [{ termination: 'signaled' as const, exitCode: null, signal: 'SIGSEGV' as const }, 'rte', 'SIGSEGV'],
    [{ exitCode: 3 }, 'rte', 'Exit code 3'],
    [{ exitCode: 1, stderr: Buffer.from('MemoryError\n') }, 'rte', 'Memory limit exceeded'],
    [{ exitCode: 1, memoryKB: 63 * 1024 }, 'rte', 'Memory limit exceeded'],
  ])('%j → %s, %s', (over, status, message) => {
    expect(verdict(over)).toMatchObject({ status, points: 0, message });
  });
});

import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { SandboxResult } from './sandbox';
import { testVerdict } from './test-verdict';

const MIB = 1024 * 1024;
const test = { input: '1 2\n', output: '3\n', points: 5 };
const dir = mkdtempSync(join(tmpdir(), 'oj-verdict-'));
const stdoutPath = join(dir, 'stdout');
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
const verdict = (over: Partial<SandboxResult>, stdout = '3\n') => {
  writeFileSync(stdoutPath, stdout);
  return testVerdict(0, test, run(over), 64 * MIB, stdoutPath);
};

describe('testVerdict', () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('accepted: points, CPU time and memory of the run', async () => {
    expect(await verdict({})).toEqual({ index: 0, status: 'accepted', points: 5, timeMs: 12, memoryKB: 1024 });
  });

  it('wrong answer when the checker disagrees with the output file', async () => {
    expect(await verdict({}, '4\n')).toMatchObject({ status: 'wrong_answer', points: 0, message: 'Wrong answer' });
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
  ])('%j → %s, %s', async (over, status, message) => {
    expect(await verdict(over)).toMatchObject({ status, points: 0, message });
  });

  it("keeps a runtime error's stderr (the traceback), its first 64 KiB", async () => {
    const traceback = 'Traceback (most recent call last):\nZeroDivisionError: division by zero\n';
    expect(await verdict({ exitCode: 1, stderr: Buffer.from(traceback) })).toMatchObject({ status: 'rte', stderr: traceback });
    const long = await verdict({ exitCode: 1, stderr: Buffer.alloc(100 * 1024, 'x') });
    expect(long.stderr).toHaveLength(64 * 1024);
  });

  it('keeps no stderr for an accepted or timed-out run, nor an empty one', async () => {
    expect(await verdict({ stderr: Buffer.from('debug\n') })).not.toHaveProperty('stderr');
    expect(await verdict({ termination: 'cpu-limit', stderr: Buffer.from('debug\n') })).not.toHaveProperty('stderr');
    expect(await verdict({ exitCode: 1 })).not.toHaveProperty('stderr');
  });
});

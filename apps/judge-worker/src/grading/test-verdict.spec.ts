import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { RunOutcome } from '../engines/judge-engine';
import { testVerdict } from './test-verdict';

const test = { input: '1 2\n', output: '3\n', points: 5 };
const dir = mkdtempSync(join(tmpdir(), 'oj-verdict-'));
const stdoutPath = join(dir, 'stdout');
const outcome = (over: Partial<RunOutcome>): RunOutcome => ({
  failure: null,
  timeMs: 12,
  memoryKB: 1024,
  exitCode: 0,
  signal: null,
  stderr: Buffer.alloc(0),
  stdoutPath,
  ...over,
});
const verdict = (over: Partial<RunOutcome>, stdout = '3\n') => {
  writeFileSync(stdoutPath, stdout);
  return testVerdict(0, test, outcome(over));
};
const crashed = { failure: { status: 'rte' as const, message: 'Exit code 1', cause: 'crash' as const }, exitCode: 1 };

describe('testVerdict', () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('accepted: points, CPU time and memory of the run', async () => {
    expect(await verdict({})).toEqual({ index: 0, status: 'accepted', points: 5, timeMs: 12, memoryKB: 1024 });
  });

  it('wrong answer when the checker disagrees with the output file', async () => {
    expect(await verdict({}, '4\n')).toMatchObject({ status: 'wrong_answer', points: 0, message: 'Wrong answer' });
  });

  it('a wrong output on a sample test keeps the sample and what the program printed; other tests keep nothing', async () => {
    writeFileSync(stdoutPath, '4\n');
    expect(await testVerdict(0, { ...test, sample: 1 }, outcome({}))).toMatchObject({
      status: 'wrong_answer',
      failedSample: { sample: 1, input: '1 2\n', expected: '3\n', output: '4\n', truncated: false },
    });
    expect(await verdict({}, '4\n')).not.toHaveProperty('failedSample');
    writeFileSync(stdoutPath, '3\n');
    expect(await testVerdict(0, { ...test, sample: 1 }, outcome({}))).not.toHaveProperty('failedSample');
  });

  it("a sample's output is kept to its first 4 KB, said to be cut, never inside a character", async () => {
    writeFileSync(stdoutPath, 'é'.repeat(3000));
    const { failedSample } = await testVerdict(0, { ...test, sample: 0 }, outcome({}));
    expect(failedSample?.truncated).toBe(true);
    expect(failedSample?.output).toBe('é'.repeat(2048));
  });

  it("is the run's failure when it failed, whatever it printed", async () => {
    expect(
      await verdict({ failure: { status: 'tle' as const, message: 'Time limit exceeded', cause: 'time' as const }, exitCode: null }),
    ).toEqual({
      index: 0,
      status: 'tle',
      points: 0,
      message: 'Time limit exceeded',
      timeMs: 12,
      memoryKB: 1024,
    });
  });

  it("keeps a runtime error's stderr (the traceback), its first 64 KiB", async () => {
    const traceback = 'Traceback (most recent call last):\nZeroDivisionError: division by zero\n';
    expect(await verdict({ ...crashed, stderr: Buffer.from(traceback) })).toMatchObject({ status: 'rte', stderr: traceback });
    const long = await verdict({ ...crashed, stderr: Buffer.alloc(100 * 1024, 'x') });
    expect(long.stderr).toHaveLength(64 * 1024);
  });

  it('keeps no stderr for an accepted or timed-out run, nor an empty one', async () => {
    expect(await verdict({ stderr: Buffer.from('debug\n') })).not.toHaveProperty('stderr');
    const timedOut = {
      failure: { status: 'tle' as const, message: 'Time limit exceeded', cause: 'time' as const },
      stderr: Buffer.from('debug\n'),
    };
    expect(await verdict(timedOut)).not.toHaveProperty('stderr');
    expect(await verdict(crashed)).not.toHaveProperty('stderr');
  });
});

import { TestCaseData, TestCaseResult } from '@oj/contracts';
import { constants } from 'os';
import { builtinJudge, OutputJudge } from '../../grading/output-judge';
import { SandboxResult } from './sandbox';

/** Memory use this close to the limit means a failed allocation, whatever way the runtime died of it. */
const NEAR_LIMIT = 0.95;
const OUT_OF_MEMORY = /OutOfMemoryError|MemoryError|bad_alloc|JavaScript heap out of memory|out of memory/i;

function signalName(result: SandboxResult): string | null {
  if (result.signal) return result.signal;
  // bwrap reports a signalled program as 128 + signal number.
  if (result.exitCode !== null && result.exitCode > 128) {
    const number = result.exitCode - 128;
    return Object.entries(constants.signals).find(([, n]) => n === number)?.[0] ?? `signal ${number}`;
  }
  return null;
}

const LINES_JUDGE = builtinJudge({ type: 'lines' });

/**
 * One test's verdict from how its run ended and what it printed (the file `stdoutPath`), judged by the problem's
 * checker (the spec's line comparison by default).
 */
export async function testVerdict(
  index: number,
  test: TestCaseData,
  run: SandboxResult,
  memoryLimitBytes: number,
  stdoutPath: string,
  judgeOutput: OutputJudge = LINES_JUDGE,
): Promise<TestCaseResult> {
  const figures = { index, timeMs: run.cpuMs, memoryKB: run.memoryKB };
  const fail = (status: TestCaseResult['status'], message: string): TestCaseResult => ({ ...figures, status, points: 0, message });
  const nearLimit = run.memoryKB !== null && run.memoryKB * 1024 >= NEAR_LIMIT * memoryLimitBytes;
  switch (run.termination) {
    case 'cpu-limit':
      return fail('tle', 'Time limit exceeded');
    case 'wall-limit':
      return fail('tle', 'Time limit exceeded (wall clock)');
    case 'memory-limit':
      return fail('rte', 'Memory limit exceeded');
    case 'output-limit':
      return fail('rte', 'Output limit exceeded');
    case 'signaled':
      return fail('rte', nearLimit ? 'Memory limit exceeded' : (signalName(run) ?? 'Killed by a signal'));
  }
  if (run.exitCode !== 0) {
    const outOfMemory = nearLimit || OUT_OF_MEMORY.test(run.stderr.toString('utf8', 0, 4096));
    return fail('rte', outOfMemory ? 'Memory limit exceeded' : `Exit code ${run.exitCode}`);
  }
  return { ...figures, ...(await judgeOutput(test, stdoutPath, index)) };
}

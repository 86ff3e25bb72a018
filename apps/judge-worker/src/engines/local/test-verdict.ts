import { TestCaseData, TestCaseResult } from '@oj/contracts';

import { builtinJudge, OutputJudge } from '../../grading/output-judge';
import { runtimeStderr } from '../../grading/runtime-stderr';
import { runFailure } from './run-failure';
import { SandboxResult } from './sandbox';

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
  const failure = runFailure(run, memoryLimitBytes);
  if (failure) return { ...fail(failure.status, failure.message), ...(failure.status === 'rte' ? runtimeStderr(run.stderr) : {}) };
  return { ...figures, ...(await judgeOutput(test, stdoutPath, index)) };
}

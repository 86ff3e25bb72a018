import { TestCaseData, TestCaseResult } from '@oj/contracts';

import { RunOutcome } from '../engines/judge-engine';
import { builtinJudge, OutputJudge } from './output-judge';
import { runtimeStderr } from './runtime-stderr';

const LINES_JUDGE = builtinJudge({ type: 'lines' });

/**
 * One test's verdict from how its run ended and what it printed (the outcome's output file), judged by the
 * problem's checker (the spec's line comparison by default). A run that failed is its failure; a runtime
 * error keeps its stderr (the traceback).
 */
export async function testVerdict(
  index: number,
  test: TestCaseData,
  run: RunOutcome,
  judgeOutput: OutputJudge = LINES_JUDGE,
): Promise<TestCaseResult> {
  const figures = { index, timeMs: run.timeMs, memoryKB: run.memoryKB };
  const { failure } = run;
  if (failure)
    return {
      ...figures,
      status: failure.status,
      points: 0,
      message: failure.message,
      ...(failure.status === 'rte' ? runtimeStderr(run.stderr) : {}),
    };
  return { ...figures, ...(await judgeOutput(test, run.stdoutPath, index)) };
}

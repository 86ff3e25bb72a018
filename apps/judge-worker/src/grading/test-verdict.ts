import { TestCaseData, TestCaseResult } from '@oj/contracts';

import { RunOutcome } from '../engines/judge-engine';
import { failedSample } from './failed-sample';
import { builtinJudge, OutputJudge } from './output-judge';
import { runtimeStderr } from './runtime-stderr';

const LINES_JUDGE = builtinJudge({ type: 'lines' });

/**
 * One test's verdict from how its run ended and what it printed (the outcome's output file), judged by the
 * problem's checker (the spec's line comparison by default). A run that failed is its failure; a runtime
 * error keeps its stderr (the traceback); a wrong output on a sample test keeps the sample and the output.
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
  const judged = { ...figures, ...(await judgeOutput(test, run.stdoutPath, index)) };
  // A sample is public already: a wrong answer on one keeps what the program printed, for the submission page.
  if (judged.status === 'accepted' || test.sample === undefined) return judged;
  return { ...judged, failedSample: await failedSample({ ...test, sample: test.sample }, run.stdoutPath) };
}

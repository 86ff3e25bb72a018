import { CheckerSettings, RunJobData, RunResult, RunVerdict } from '@oj/contracts';
import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { aggregateResults } from '../grading/grade-aggregate';
import { CustomChecker } from './local/custom-checker';
import { checkerFailureResult, withOutputJudge } from './output-judges';

/**
 * A run's result with the problem's checker's verdict on its output, judged as a test would be (same checker,
 * same rules for both engines). Only a program that finished with its whole output is judged: a cut output says
 * nothing, and a time limit or crash already is the answer. A checker that fails gives no verdict.
 */
export async function withRunVerdict(
  result: RunResult,
  stdin: string,
  expected: RunJobData['expected'],
  customChecker: () => CustomChecker,
): Promise<RunResult> {
  if (!expected || result.status !== 'ok' || result.truncated) return result;
  const verdict = await judgeOutput(result.stdout, { input: stdin, output: expected.output, points: 1 }, expected.checker, customChecker);
  return verdict ? { ...result, verdict } : result;
}

async function judgeOutput(
  stdout: string,
  test: { input: string; output: string; points: number },
  checker: CheckerSettings,
  customChecker: () => CustomChecker,
): Promise<RunVerdict | null> {
  const dir = mkdtempSync(join(tmpdir(), 'oj-run-verdict-'));
  try {
    const stdoutPath = join(dir, 'stdout');
    writeFileSync(stdoutPath, stdout, { mode: 0o600 });
    const graded = await withOutputJudge(checker, customChecker, async (judge) =>
      aggregateResults([{ index: 0, timeMs: null, memoryKB: null, ...(await judge(test, stdoutPath, 0)) }], test.points),
    );
    return graded.status === 'accepted' || graded.status === 'wrong_answer' ? graded.status : null;
  } catch (error) {
    if (checkerFailureResult(error)) return null;
    throw error;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

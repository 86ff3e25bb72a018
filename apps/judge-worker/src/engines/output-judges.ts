import { CheckerSettings, effectiveChecker, GradeResult } from '@oj/contracts';

import { CheckerFailure } from '../grading/custom-checker-verdict';
import { checkerFailedResult, DefinitiveFailure } from '../grading/grade-aggregate';
import { builtinJudge, fromCheckerJudgement, isBuiltin, OutputJudge } from '../grading/output-judge';
import { CustomChecker } from './local/custom-checker';

/**
 * Grades with the judge of a problem's outputs, the same for both engines: a built-in checker, or the author's
 * checker compiled (or found in the cache) now and run in the local sandbox, its binary held until `grade` ends. A
 * checker that does not compile, or fails on a test (its CheckerFailure names the test), is the problem's fault: a
 * DefinitiveFailure, never a verdict.
 */
export async function withOutputJudge(
  settings: CheckerSettings | undefined,
  customChecker: () => CustomChecker,
  grade: (judgeOutput: OutputJudge) => Promise<GradeResult>,
): Promise<GradeResult> {
  const checker = effectiveChecker(settings);
  if (isBuiltin(checker)) return grade(builtinJudge(checker));
  const runner = customChecker();
  const build = await runner.build(checker.source ?? '', checker.languageId ?? 0);
  if ('compilerOutput' in build) return checkerFailedResult(`it does not compile.\n${build.compilerOutput}`);
  try {
    return await grade(async (test, stdoutPath, index) => {
      try {
        return fromCheckerJudgement(test, await runner.check(build.program, test.input, stdoutPath, test.output));
      } catch (error) {
        throw error instanceof CheckerFailure ? new CheckerFailure(`test ${index + 1}: ${error.message}`) : error;
      }
    });
  } finally {
    build.release();
  }
}

/** A checker failure thrown while grading, as the submission's result; other errors are not for this. */
export function checkerFailureResult(error: unknown): DefinitiveFailure | null {
  return error instanceof CheckerFailure ? checkerFailedResult(error.message) : null;
}

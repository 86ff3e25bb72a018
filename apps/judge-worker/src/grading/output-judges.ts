import { CheckerSettings, effectiveChecker, InteractorSettings } from '@oj/contracts';

import { CheckerSandbox } from '../engines/judge-engine';
import { CheckerFailure, checkerJudgement, InteractorFailure } from './custom-checker-verdict';
import { checkerFailedResult, DefinitiveFailure, interactorFailedResult } from './grade-aggregate';
import { builtinJudge, fromCheckerJudgement, isBuiltin, OutputJudge } from './output-judge';

/**
 * Grades with the judge of a problem's outputs, the same for both engines: a built-in checker, or the author's
 * checker compiled (or found in the cache) now and run in the local sandbox, its binary held until `grade` ends. A
 * checker that does not compile, or fails on a test (its CheckerFailure names the test), is the problem's fault: a
 * DefinitiveFailure, never a verdict.
 */
export async function withOutputJudge<T>(
  settings: CheckerSettings | undefined,
  checkers: () => CheckerSandbox,
  grade: (judgeOutput: OutputJudge) => Promise<T>,
): Promise<T | DefinitiveFailure> {
  const checker = effectiveChecker(settings);
  if (isBuiltin(checker)) return grade(builtinJudge(checker));
  const sandbox = checkers();
  const build = await sandbox.build(checker.source ?? '', checker.languageId ?? 0);
  if ('compilerOutput' in build) return checkerFailedResult(`it does not compile.\n${build.compilerOutput}`);
  try {
    return await grade(async (test, stdoutPath, index) => {
      try {
        const run = await sandbox.check(build.program, { input: test.input, outputPath: stdoutPath, answer: test.output });
        return fromCheckerJudgement(test, checkerJudgement(run));
      } catch (error) {
        throw error instanceof CheckerFailure ? new CheckerFailure(`test ${index + 1}: ${error.message}`) : error;
      }
    });
  } finally {
    build.release();
  }
}

/**
 * The interactor's binary, compiled now or found in the cache (like a checker's, with our testlib.h), held while
 * `use` runs; one that does not compile is the problem's fault, a DefinitiveFailure.
 */
export async function withInteractor<T>(
  settings: InteractorSettings,
  checkers: () => CheckerSandbox,
  use: (interactor: string) => Promise<T>,
): Promise<T | DefinitiveFailure> {
  const build = await checkers().build(settings.source, settings.languageId);
  if ('compilerOutput' in build) return interactorFailedResult(`it does not compile.\n${build.compilerOutput}`);
  try {
    return await use(build.program);
  } finally {
    build.release();
  }
}

/** A checker's or interactor's failure thrown while grading, as the submission's result; other errors are not for this. */
export function checkerFailureResult(error: unknown): DefinitiveFailure | null {
  if (error instanceof InteractorFailure) return interactorFailedResult(error.message);
  return error instanceof CheckerFailure ? checkerFailedResult(error.message) : null;
}

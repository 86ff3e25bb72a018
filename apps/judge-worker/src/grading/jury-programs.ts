import { CheckerSettings, effectiveChecker, InteractorSettings, ValidatorProtocolSettings } from '@oj/contracts';

import { CheckerSandbox, JuryCall, JuryProgram, JurySource } from '../engines/judge-engine';
import { CheckerFailure, InteractorFailure, juryJudgement } from './custom-checker-verdict';
import { checkerFailedResult, DefinitiveFailure, interactorFailedResult } from './grade-aggregate';
import { builtinJudge, fromCheckerJudgement, isBuiltin, OutputJudge } from './output-judge';

/**
 * How a checker or interactor with these settings is called, and how its verdict reads: a testlib program with a
 * support file named testlib.h was built against that header (its quoted include finds it first), upstream testlib.
 */
export function juryCallOf(settings: ValidatorProtocolSettings): JuryCall {
  if (settings.protocol === 'icpc') return { protocol: 'icpc', validatorFlags: settings.validatorFlags ?? [] };
  const ownTestlib = (settings.supportFiles ?? []).some((file) => file.name === 'testlib.h');
  return { protocol: 'testlib', validatorFlags: [], ...(ownTestlib ? { ownTestlib } : {}) };
}

/** What a checker or interactor is built from. */
export function jurySourceOf(settings: { source?: string; languageId?: number } & ValidatorProtocolSettings): JurySource {
  return { source: settings.source ?? '', languageId: settings.languageId ?? 0, supportFiles: settings.supportFiles ?? [] };
}

/**
 * Grades with the judge of a problem's outputs, the same for both engines: a built-in checker, or the author's
 * checker (testlib's or an ICPC output validator) built now (or found in the cache) and run in the local sandbox,
 * its program held until `grade` ends. A checker that does not compile, or fails on a test (its CheckerFailure
 * names the test), is the problem's fault: a DefinitiveFailure, never a verdict.
 */
export async function withOutputJudge<T>(
  settings: CheckerSettings | undefined,
  checkers: () => CheckerSandbox,
  grade: (judgeOutput: OutputJudge) => Promise<T>,
): Promise<T | DefinitiveFailure> {
  const checker = effectiveChecker(settings);
  if (isBuiltin(checker)) return grade(builtinJudge(checker));
  const sandbox = checkers();
  const build = await sandbox.build(jurySourceOf(checker));
  if ('compilerOutput' in build) return checkerFailedResult(`it does not compile.\n${build.compilerOutput}`);
  const call = juryCallOf(checker);
  try {
    return await grade(async (test, stdoutPath, index) => {
      try {
        const run = await sandbox.check(build, { input: test.input, outputPath: stdoutPath, answer: test.output }, call);
        return fromCheckerJudgement(test, juryJudgement(run, call, 'checker', test.points));
      } catch (error) {
        throw error instanceof CheckerFailure ? new CheckerFailure(`test ${index + 1}: ${error.message}`) : error;
      }
    });
  } finally {
    build.release();
  }
}

/**
 * The interactor, built now or found in the cache (like a checker's, with our testlib.h), held while `use` runs,
 * with how it is called; one that does not compile is the problem's fault, a DefinitiveFailure.
 */
export async function withInteractor<T>(
  settings: InteractorSettings,
  checkers: () => CheckerSandbox,
  use: (interactor: JuryProgram) => Promise<T>,
): Promise<T | DefinitiveFailure> {
  const build = await checkers().build(jurySourceOf(settings));
  if ('compilerOutput' in build) return interactorFailedResult(`it does not compile.\n${build.compilerOutput}`);
  try {
    return await use({ binary: build, call: juryCallOf(settings) });
  } finally {
    build.release();
  }
}

/** A checker's or interactor's failure thrown while grading, as the submission's result; other errors are not for this. */
export function checkerFailureResult(error: unknown): DefinitiveFailure | null {
  if (error instanceof InteractorFailure) return interactorFailedResult(error.message);
  return error instanceof CheckerFailure ? checkerFailedResult(error.message) : null;
}

import { CHECKER_LANGUAGE_IDS, effectiveValidatorProtocol, MAX_CHECKER_SOURCE_BYTES, type ValidatorProtocolSettings } from './checker';

/**
 * A problem's interactor (issue 23): the jury's program an interactive problem's submissions talk to, in testlib's
 * convention. It is called `interactor <input> <output>`, reads the test's input file, talks to the program through
 * its standard input and output, writes its verdict as its exit code (0 accepted, 1 wrong answer, 2 presentation
 * error, 3 jury failure, 7 with "points <fraction>" for partial points) and the test's message as the first line of
 * its stderr. A problem with one is interactive; its checker, if custom, then reads the interactor's output file.
 */
export interface InteractorSettings extends ValidatorProtocolSettings {
  /**
   * One of INTERACTOR_LANGUAGE_IDS (validatorLanguageIds for its protocol: Python 3 too for `icpc`), compiled with
   * our testlib.h on the include path, like a custom checker. With protocol `icpc` it is the ICPC output validator
   * run interactively: `validator input answer feedback_dir [flags]`, its stdout the program's stdin and back.
   */
  languageId: number;
  source: string;
}

/** An interactor as the judge uses it: its language, source and the protocol settings it keeps (see effectiveValidatorProtocol). */
export function effectiveInteractor(settings: InteractorSettings): InteractorSettings {
  return { languageId: settings.languageId, source: settings.source, ...effectiveValidatorProtocol(settings) };
}

/** testlib interactors are written in C++ or C (Judge0 CE ids), like custom checkers; ICPC ones may be Python 3 too. */
export const INTERACTOR_LANGUAGE_IDS = CHECKER_LANGUAGE_IDS;
export const MAX_INTERACTOR_SOURCE_BYTES = MAX_CHECKER_SOURCE_BYTES;

/** Whether a problem is interactive (it has an interactor) or standard: the problem form's "type". */
export const PROBLEM_TYPES = ['standard', 'interactive'] as const;
export type ProblemType = (typeof PROBLEM_TYPES)[number];

/** Why an author who may not read a problem's tests may not set its interactor (the API's 403, the form's note). */
export const INTERACTOR_ADMINS_ONLY = 'Only administrators may set or change an interactor, because an interactor reads the hidden tests.';

/** Why a worker on the Judge0 engine refuses interactive problems: Judge0 has no way to run two programs together. */
export const JUDGE0_NO_INTERACTIVE =
  'Interactive problems need the local judge engine: Judge0 cannot run a program against an interactor (JUDGE_ENGINE=judge0).';

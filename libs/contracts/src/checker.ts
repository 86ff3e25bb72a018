/**
 * How a problem's outputs are judged (its checker). `lines` is the spec's comparison and the default; the others
 * are for problem setters who need more (issue 13).
 */
export const CHECKER_TYPES = ['lines', 'tokens', 'exact', 'float', 'custom'] as const;
export type CheckerType = (typeof CHECKER_TYPES)[number];

export const DEFAULT_CHECKER_TYPE: CheckerType = 'lines';
/** `float` checkers accept a number within this absolute or relative distance of the answer unless set otherwise. */
export const DEFAULT_FLOAT_EPSILON = 1e-6;
export const MAX_CHECKER_SOURCE_BYTES = 64 * 1024;
/** Custom checkers are written in C or C++ (Judge0 CE ids), with our testlib-compatible header on the include path. */
export const CHECKER_LANGUAGE_IDS = [54, 50] as const;

/**
 * The calling convention of a custom checker or interactor. `testlib`: ours and Polygon's (`checker in out ans`,
 * exit 0/1/2/3/7). `icpc`: the ICPC problem package format's output validator (`validator input answer feedback_dir
 * [flags] < team_output`, exit 42 accept / 43 reject, judgemessage.txt, teammessage.txt and score.txt in the feedback
 * directory), as Kattis and DOMjudge call it; as an interactor it talks to the program on stdin/stdout the same way.
 */
export const VALIDATOR_PROTOCOLS = ['testlib', 'icpc'] as const;
export type ValidatorProtocol = (typeof VALIDATOR_PROTOCOLS)[number];
export const DEFAULT_VALIDATOR_PROTOCOL: ValidatorProtocol = 'testlib';
/** ICPC output validators may also be Python 3 (Judge0 CE id 71), besides C++ (54) and C (50). */
export const ICPC_VALIDATOR_LANGUAGE_IDS = [54, 50, 71] as const;

/** A file compiled or run beside a validator's main source (a header, a Python module), by its plain file name. */
export interface ValidatorSupportFile {
  name: string;
  content: string;
}

/** What a custom checker or interactor needs beside its source when it follows the ICPC protocol. */
export interface ValidatorProtocolSettings {
  /** Left out: `testlib`. */
  protocol?: ValidatorProtocol;
  /** `icpc` only: the package's `validator_flags`, passed after the feedback directory, one argument each. */
  validatorFlags?: string[];
  /** Other files of the validator's folder, written beside its source before it is compiled. */
  supportFiles?: ValidatorSupportFile[];
}

/** At most this many validator flags, each at most MAX_VALIDATOR_FLAG_CHARS long. */
export const MAX_VALIDATOR_FLAGS = 32;
export const MAX_VALIDATOR_FLAG_CHARS = 256;
/** At most this many support files, together at most MAX_SUPPORT_FILES_BYTES (UTF-8). */
export const MAX_SUPPORT_FILES = 16;
export const MAX_SUPPORT_FILES_BYTES = 256 * 1024;
/** A support file's name: a plain file name (no folder, no `..`), as it is written beside the source. */
export const SUPPORT_FILE_NAME = /^(?!\.\.?$)[A-Za-z0-9_.+-]{1,100}$/;

/** The languages a custom checker or interactor of this protocol may be written in. */
export function validatorLanguageIds(protocol: ValidatorProtocol | undefined): readonly number[] {
  return protocol === 'icpc' ? ICPC_VALIDATOR_LANGUAGE_IDS : CHECKER_LANGUAGE_IDS;
}

/**
 * The protocol settings a program actually uses: `protocol` only when `icpc` (testlib is the default), flags only
 * with `icpc`, support files only when there are some.
 */
export function effectiveValidatorProtocol(settings: ValidatorProtocolSettings | null | undefined): ValidatorProtocolSettings {
  const icpc = settings?.protocol === 'icpc';
  const flags = icpc ? (settings?.validatorFlags ?? []) : [];
  const files = settings?.supportFiles ?? [];
  return {
    ...(icpc ? { protocol: 'icpc' as const } : {}),
    ...(flags.length ? { validatorFlags: [...flags] } : {}),
    ...(files.length ? { supportFiles: files.map((f) => ({ name: f.name, content: f.content })) } : {}),
  };
}

export interface CheckerSettings extends ValidatorProtocolSettings {
  type: CheckerType;
  /** `float` only: the absolute or relative tolerance. */
  epsilon?: number;
  /** `custom` only: the checker's source and its language (one of CHECKER_LANGUAGE_IDS). */
  source?: string;
  languageId?: number;
}

/**
 * The checker a problem actually uses: `float` gets its default epsilon; anything not `custom` drops source and
 * protocol settings.
 */
export function effectiveChecker(settings: CheckerSettings | null | undefined): CheckerSettings {
  const type = settings?.type ?? DEFAULT_CHECKER_TYPE;
  if (type === 'float') return { type, epsilon: settings?.epsilon ?? DEFAULT_FLOAT_EPSILON };
  if (type === 'custom')
    return {
      type,
      source: settings?.source ?? '',
      languageId: settings?.languageId ?? CHECKER_LANGUAGE_IDS[0],
      ...effectiveValidatorProtocol(settings),
    };
  return { type };
}

/** A test to try a checker on before saving it: what the contestant printed and the jury's answer. */
export interface CheckerTrialData {
  input: string;
  output: string;
  answer: string;
}

export const MAX_CHECKER_TRIAL_BYTES = 1024 * 1024;

/** What the API sends a worker to compile a custom checker before the problem is saved. */
export interface CheckerCompileJobData extends ValidatorProtocolSettings {
  /** Id of the HTTP request that asked (see TracedJobData). */
  requestId?: string;
  source: string;
  languageId: number;
  /** Also run the compiled checker on this test (the problem form's 'Test checker'). */
  trial?: CheckerTrialData;
  /**
   * What the program is: a checker (the default) or an interactor, compiled alike. A worker that cannot run
   * interactors (the Judge0 engine) refuses the latter (CheckerCompileResult.refusal).
   */
  role?: 'checker' | 'interactor';
}

/** What the checker made of a trial: its verdict, share of the points and message, or `failed` (its own fault). */
export interface CheckerTrialOutcome {
  outcome: 'accepted' | 'wrong_answer' | 'failed';
  fraction: number;
  message: string;
}

/** Whether the checker compiled, and what the compiler printed (why not, when it did not); a trial's outcome. */
export interface CheckerCompileResult {
  compiled: boolean;
  compilerOutput: string;
  trial?: CheckerTrialOutcome;
  /** Why the worker will not run such a program at all (an interactor on the Judge0 engine); not compiled then. */
  refusal?: string;
}

/** Why an author who may not read a problem's tests may not set its custom checker (the API's 403, the form's note). */
export const CUSTOM_CHECKER_ADMINS_ONLY =
  'Only administrators may set or change a custom checker, because a checker can read the hidden tests.';

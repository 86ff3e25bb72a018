import {
  MAX_VALIDATOR_FLAG_CHARS,
  MAX_VALIDATOR_FLAGS,
  validatorLanguageIds,
  ValidatorProtocol,
  ValidatorProtocolSettings,
  ValidatorSupportFile,
} from '@oj/contracts';

/** How a custom checker or interactor is called, as the form holds it. */
export interface JuryProtocolValues {
  protocol: ValidatorProtocol;
  /** An ICPC validator's flags as one line, split on whitespace like a package's `validator_flags`. */
  flags: string;
  /** Files beside the source (an imported package's headers or modules): kept as they are, not edited here. */
  supportFiles: ValidatorSupportFile[];
}

export function testlibProtocol(): JuryProtocolValues {
  return { protocol: 'testlib', flags: '', supportFiles: [] };
}

/** The form's protocol values from a checker or interactor the API showed. */
export function juryProtocolFrom(shown: ValidatorProtocolSettings): JuryProtocolValues {
  return {
    protocol: shown.protocol ?? 'testlib',
    flags: (shown.validatorFlags ?? []).join(' '),
    supportFiles: shown.supportFiles ?? [],
  };
}

const flagsOf = (v: JuryProtocolValues) => v.flags.split(/\s+/).filter(Boolean);

/** The protocol fields of a request body: `icpc` with its flags, and the support files kept. */
export function juryProtocolBody(v: JuryProtocolValues): ValidatorProtocolSettings {
  const flags = v.protocol === 'icpc' ? flagsOf(v) : [];
  return {
    ...(v.protocol === 'icpc' ? { protocol: 'icpc' as const } : {}),
    ...(flags.length ? { validatorFlags: flags } : {}),
    ...(v.supportFiles.length ? { supportFiles: v.supportFiles } : {}),
  };
}

/** The API's rules on the protocol fields, so the form says what is wrong before sending; null when fine. */
export function juryProtocolError(v: JuryProtocolValues, languageId: number, what: string): string | null {
  if (!validatorLanguageIds(v.protocol).includes(languageId))
    return v.protocol === 'icpc'
      ? 'An ICPC validator is written in C++ (54), C (50) or Python 3 (71).'
      : `${what} is written in C++ (54) or C (50); Python 3 (71) only with protocol "icpc".`;
  const flags = flagsOf(v);
  if (v.protocol === 'icpc' && flags.length > MAX_VALIDATOR_FLAGS) return `At most ${MAX_VALIDATOR_FLAGS} validator flags.`;
  if (flags.some((f) => f.length > MAX_VALIDATOR_FLAG_CHARS))
    return `Each validator flag is at most ${MAX_VALIDATOR_FLAG_CHARS} characters.`;
  return null;
}

import type { components } from '@oj/api-client';
import { CHECKER_LANGUAGE_IDS, CheckerType, DEFAULT_CHECKER_TYPE, DEFAULT_FLOAT_EPSILON, MAX_CHECKER_SOURCE_BYTES } from '@oj/contracts';

import { juryProtocolBody, juryProtocolError, juryProtocolFrom, JuryProtocolValues, testlibProtocol } from './jury-protocol';

type CheckerDto = components['schemas']['CheckerDto'];
type CheckerBody = components['schemas']['CheckerInputDto'];

/** The Checker section's inputs. */
export interface CheckerFormValues {
  type: CheckerType;
  epsilon: string;
  source: string;
  languageId: number;
  /** A custom checker's protocol (testlib or an ICPC validator), flags and support files. */
  protocol: JuryProtocolValues;
  /**
   * Whether the form holds the problem's checker: false when editing a custom checker whose source this user was not
   * shown. Saving then leaves the checker out, which keeps it.
   */
  known: boolean;
}

export function emptyChecker(): CheckerFormValues {
  return {
    type: DEFAULT_CHECKER_TYPE,
    epsilon: String(DEFAULT_FLOAT_EPSILON),
    source: '',
    languageId: CHECKER_LANGUAGE_IDS[0],
    protocol: testlibProtocol(),
    known: true,
  };
}

/** The form's checker for a problem being edited (a server without checkers means the default one). */
export function checkerValuesFrom(checker: CheckerDto | undefined): CheckerFormValues {
  if (!checker) return emptyChecker();
  return {
    type: checker.type,
    epsilon: String(checker.epsilon ?? DEFAULT_FLOAT_EPSILON),
    source: checker.source ?? '',
    languageId: checker.languageId ?? CHECKER_LANGUAGE_IDS[0],
    protocol: juryProtocolFrom(checker),
    known: checker.type !== 'custom' || checker.source !== undefined,
  };
}

/** The same rules as the API's, so the form says what is wrong before sending; null when fine. */
export function checkerError(c: CheckerFormValues): string | null {
  if (c.type === 'float') {
    const epsilon = Number(c.epsilon);
    if (c.epsilon.trim() === '' || !Number.isFinite(epsilon) || epsilon <= 0 || epsilon > 1)
      return 'Epsilon must be a number greater than 0 and at most 1.';
  }
  if (c.type === 'custom' && c.known) {
    if (!c.source.trim()) return 'A custom checker needs its source.';
    if (new TextEncoder().encode(c.source).length > MAX_CHECKER_SOURCE_BYTES) return 'Checker source must be at most 64 KiB.';
    return juryProtocolError(c.protocol, c.languageId, 'A custom checker');
  }
  return null;
}

/** The request's checker, or nothing to keep the stored one (see `known`). */
export function checkerBody(c: CheckerFormValues): { checker?: CheckerBody } {
  if (!c.known) return {};
  if (c.type === 'float') return { checker: { type: 'float', epsilon: Number(c.epsilon) } };
  if (c.type === 'custom')
    return {
      checker: { type: 'custom', source: c.source, languageId: c.languageId as CheckerBody['languageId'], ...juryProtocolBody(c.protocol) },
    };
  return { checker: { type: c.type } };
}

import type { components } from '@oj/api-client';
import { INTERACTOR_LANGUAGE_IDS, MAX_INTERACTOR_SOURCE_BYTES, ProblemType } from '@oj/contracts';

import { juryProtocolBody, juryProtocolError, juryProtocolFrom, JuryProtocolValues, testlibProtocol } from './jury-protocol';

type ProblemDto = components['schemas']['ProblemDto'];
type InteractorBody = components['schemas']['InteractorInputDto'];

/** The problem type and its interactor, as the form's inputs hold them. */
export interface InteractorFormValues {
  type: ProblemType;
  source: string;
  languageId: number;
  /** The interactor's protocol (testlib or an ICPC validator run interactively), flags and support files. */
  protocol: JuryProtocolValues;
  /**
   * Whether the form holds the problem's interactor: false when editing an interactive problem whose interactor this
   * user was not shown. Saving then leaves type and interactor out, which keeps them.
   */
  known: boolean;
}

export function standardProblem(): InteractorFormValues {
  return { type: 'standard', source: '', languageId: INTERACTOR_LANGUAGE_IDS[0], protocol: testlibProtocol(), known: true };
}

/** The form's type and interactor for a problem being edited (a server without interactors means standard). */
export function interactorValuesFrom(p: Pick<ProblemDto, 'type' | 'interactor'>): InteractorFormValues {
  if (p.type !== 'interactive' || !p.interactor) return standardProblem();
  return {
    type: 'interactive',
    source: p.interactor.source ?? '',
    languageId: p.interactor.languageId,
    protocol: juryProtocolFrom(p.interactor),
    known: p.interactor.source !== undefined,
  };
}

/** The same rules as the API's, so the form says what is wrong before sending; null when fine. */
export function interactorError(v: InteractorFormValues): string | null {
  if (v.type !== 'interactive' || !v.known) return null;
  if (!v.source.trim()) return 'An interactive problem needs its interactor.';
  if (new TextEncoder().encode(v.source).length > MAX_INTERACTOR_SOURCE_BYTES) return 'Interactor source must be at most 64 KiB.';
  return juryProtocolError(v.protocol, v.languageId, 'An interactor');
}

/** The form's interactor as the API takes it, for a save, a validation or a trial; none for a standard problem. */
export function interactorOf(v: InteractorFormValues): InteractorBody | undefined {
  if (v.type !== 'interactive' || !v.known) return undefined;
  return { source: v.source, languageId: v.languageId as InteractorBody['languageId'], ...juryProtocolBody(v.protocol) };
}

/** The request's type and interactor, or nothing to keep the stored ones (see `known`). */
export function interactorBody(v: InteractorFormValues): { type?: ProblemType; interactor?: InteractorBody } {
  if (!v.known) return {};
  const interactor = interactorOf(v);
  return interactor ? { type: 'interactive', interactor } : { type: 'standard' };
}

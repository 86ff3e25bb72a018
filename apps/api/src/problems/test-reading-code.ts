import { type CheckerSettings, effectiveValidatorProtocol, type InteractorSettings, type ValidatorProtocolSettings } from '@oj/contracts';

/** Whether two programs are called alike and built from the same files beside their source. */
function sameProtocol(a: ValidatorProtocolSettings, b: ValidatorProtocolSettings): boolean {
  return JSON.stringify(effectiveValidatorProtocol(a)) === JSON.stringify(effectiveValidatorProtocol(b));
}

/**
 * Whether saving `incoming` over `saved` sets author code, run by the judge beside the tests, that is not already
 * there: a custom checker that is new or has another source, language or protocol settings. Sending the saved checker back (the problem
 * form re-sends the whole problem), leaving it out, or choosing a built-in checker sets none.
 */
export function setsNewTestReadingCode(incoming: CheckerSettings | undefined, saved: CheckerSettings | null): boolean {
  if (incoming?.type !== 'custom') return false;
  return !(
    saved?.type === 'custom' &&
    saved.source === incoming.source &&
    saved.languageId === incoming.languageId &&
    sameProtocol(saved, incoming)
  );
}

/**
 * The same for an interactor, which reads every test's input: a new one, or another source, language or protocol
 * settings. Leaving it
 * out (undefined) or making the problem standard (null) sets none.
 */
export function setsNewInteractor(incoming: InteractorSettings | null | undefined, saved: InteractorSettings | null): boolean {
  if (!incoming) return false;
  return !(saved && saved.source === incoming.source && saved.languageId === incoming.languageId && sameProtocol(saved, incoming));
}

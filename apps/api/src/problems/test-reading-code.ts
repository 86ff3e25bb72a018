import type { CheckerSettings, InteractorSettings } from '@oj/contracts';

/**
 * Whether saving `incoming` over `saved` sets author code, run by the judge beside the tests, that is not already
 * there: a custom checker that is new or has another source or language. Sending the saved checker back (the problem
 * form re-sends the whole problem), leaving it out, or choosing a built-in checker sets none.
 */
export function setsNewTestReadingCode(incoming: CheckerSettings | undefined, saved: CheckerSettings | null): boolean {
  if (incoming?.type !== 'custom') return false;
  return !(saved?.type === 'custom' && saved.source === incoming.source && saved.languageId === incoming.languageId);
}

/**
 * The same for an interactor, which reads every test's input: a new one, or another source or language. Leaving it
 * out (undefined) or making the problem standard (null) sets none.
 */
export function setsNewInteractor(incoming: InteractorSettings | null | undefined, saved: InteractorSettings | null): boolean {
  if (!incoming) return false;
  return !(saved && saved.source === incoming.source && saved.languageId === incoming.languageId);
}

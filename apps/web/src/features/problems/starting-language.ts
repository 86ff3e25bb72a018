import { DEFAULT_LANGUAGE_ID } from '@oj/contracts';

/**
 * The language a problem's editor shows: the first of `candidates` (in order of precedence; unset ones are null)
 * that the problem allows, else the first language it allows. While the languages are still loading (`allowed`
 * null), the first candidate, unchecked.
 */
export function startingLanguage(candidates: (number | null | undefined)[], allowed: number[] | null): number {
  const set = candidates.filter((id): id is number => typeof id === 'number' && id > 0);
  if (!allowed) return set[0] ?? DEFAULT_LANGUAGE_ID;
  return set.find((id) => allowed.includes(id)) ?? allowed[0] ?? set[0] ?? DEFAULT_LANGUAGE_ID;
}

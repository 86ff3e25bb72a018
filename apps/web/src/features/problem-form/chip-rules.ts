import { MAX_ALGORITHM_SUGGESTIONS, MAX_ALGORITHMS, MAX_TAGS } from '@oj/contracts';

/** SPEC 5: tags and algorithms, each a list of chips with its own limit. */
export const CHIP_LIMITS = {
  tags: { max: MAX_TAGS, full: `Maximum of ${MAX_TAGS} tags reached.` },
  algorithms: { max: MAX_ALGORITHMS, full: `Maximum of ${MAX_ALGORITHMS} algorithms reached.` },
} as const;

/** A chip as it is kept: inner whitespace collapsed to one space, trimmed. */
export function normalizeChip(raw: string): string {
  return raw.replace(/\s+/g, ' ').trim();
}

/**
 * Adds typed text as a chip (a comma may separate several): blank and case-insensitive duplicates are dropped,
 * and past `max` nothing more is added and `full` says why.
 */
export function addChips(chips: string[], typed: string, limit: { max: number; full: string }): { chips: string[]; error: string | null } {
  const next = [...chips];
  for (const part of typed.split(',')) {
    const chip = normalizeChip(part);
    if (!chip || next.some((c) => c.toLowerCase() === chip.toLowerCase())) continue;
    if (next.length >= limit.max) return { chips: next, error: limit.full };
    next.push(chip);
  }
  return { chips: next, error: null };
}

/** Known algorithms matching the typed text (case-insensitively) that are not chosen yet, at most eight. */
export function chipSuggestions(known: string[], chosen: string[], typed: string): string[] {
  const needle = normalizeChip(typed).toLowerCase();
  if (!needle) return [];
  const taken = new Set(chosen.map((c) => c.toLowerCase()));
  return known.filter((k) => k.toLowerCase().includes(needle) && !taken.has(k.toLowerCase())).slice(0, MAX_ALGORITHM_SUGGESTIONS);
}

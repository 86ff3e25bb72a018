import type { SimilarityPair } from './api';

/** The report page's filters: a minimum similarity (percent), and a problem and a language (empty: any). */
export interface PairFilter {
  minPercent: number;
  problemId: number | null;
  language: string;
}

export const NO_FILTER: PairFilter = { minPercent: 0, problemId: null, language: '' };

/** The pairs the filters let through, in the report's order (most similar first), each with its index in the report. */
export function filterPairs(pairs: readonly SimilarityPair[], filter: PairFilter): { pair: SimilarityPair; index: number }[] {
  return pairs
    .map((pair, index) => ({ pair, index }))
    .filter(
      ({ pair }) =>
        pair.similarity * 100 >= filter.minPercent &&
        (filter.problemId === null || pair.problemId === filter.problemId) &&
        (!filter.language || pair.language === filter.language),
    );
}

/** The problems and languages a report's pairs have: what its filters offer. */
export function filterChoices(pairs: readonly SimilarityPair[]): { problemIds: number[]; languages: string[] } {
  return {
    problemIds: [...new Set(pairs.map((p) => p.problemId))].sort((a, b) => a - b),
    languages: [...new Set(pairs.map((p) => p.language))].sort(),
  };
}

/** A similarity as the page shows it: a whole percent. */
export const percent = (similarity: number) => `${Math.round(similarity * 100)}%`;

/**
 * A source cut at the fragments' edges: each piece with the number (from 1) of the fragment it belongs to, or 0.
 * Overlapping or out-of-range fragments are clipped, so a stale report never breaks the view.
 */
export function markedPieces(source: string, ranges: readonly { start: number; end: number }[]): { text: string; fragment: number }[] {
  const ordered = ranges.map((r, i) => ({ ...r, fragment: i + 1 })).sort((a, b) => a.start - b.start);
  const pieces: { text: string; fragment: number }[] = [];
  let at = 0;
  for (const { start, end, fragment } of ordered) {
    const from = Math.max(at, Math.min(start, source.length));
    const to = Math.min(end, source.length);
    if (to <= from) continue;
    if (from > at) pieces.push({ text: source.slice(at, from), fragment: 0 });
    pieces.push({ text: source.slice(from, to), fragment });
    at = to;
  }
  if (at < source.length) pieces.push({ text: source.slice(at), fragment: 0 });
  return pieces;
}

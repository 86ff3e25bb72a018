import type { SimilarityPair } from './api';
import { filterChoices, filterPairs, markedPieces, NO_FILTER, percent } from './pair-filter';

const pair = (problemId: number, language: string, similarity: number): SimilarityPair => ({
  problemId,
  language,
  similarity,
  leftSubmissionId: 'a',
  rightSubmissionId: 'b',
  leftUser: 'ann',
  rightUser: 'bob',
  longestFragment: 10,
  fragments: [],
});

describe('similarity pair filters', () => {
  const pairs = [pair(1, 'C/C++', 0.95), pair(2, 'Python', 0.6), pair(1, 'Python', 0.3)];

  it('keep the pairs at or above the minimum, of the problem and language chosen, with their index in the report', () => {
    expect(filterPairs(pairs, NO_FILTER).map((p) => p.index)).toEqual([0, 1, 2]);
    expect(filterPairs(pairs, { ...NO_FILTER, minPercent: 60 }).map((p) => p.index)).toEqual([0, 1]);
    expect(filterPairs(pairs, { ...NO_FILTER, problemId: 1 }).map((p) => p.index)).toEqual([0, 2]);
    expect(filterPairs(pairs, { ...NO_FILTER, language: 'Python', minPercent: 50 }).map((p) => p.index)).toEqual([1]);
    expect(filterPairs(pairs, { minPercent: 99, problemId: null, language: '' })).toEqual([]);
  });

  it('offer the problems and languages the pairs have', () => {
    expect(filterChoices(pairs)).toEqual({ problemIds: [1, 2], languages: ['C/C++', 'Python'] });
    expect(percent(0.876)).toBe('88%');
  });
});

describe('marked pieces of a source', () => {
  it('cut the source at the fragments, numbered as the report lists them, and lose no character', () => {
    const source = 'abcdefghij';
    const pieces = markedPieces(source, [
      { start: 6, end: 9 },
      { start: 1, end: 3 },
    ]);
    expect(pieces).toEqual([
      { text: 'a', fragment: 0 },
      { text: 'bc', fragment: 2 },
      { text: 'def', fragment: 0 },
      { text: 'ghi', fragment: 1 },
      { text: 'j', fragment: 0 },
    ]);
    expect(pieces.map((p) => p.text).join('')).toBe(source);
  });

  it('clip overlapping and out-of-range fragments', () => {
    const pieces = markedPieces('abcdef', [
      { start: 0, end: 4 },
      { start: 2, end: 5 },
      { start: 8, end: 12 },
    ]);
    expect(pieces).toEqual([
      { text: 'abcd', fragment: 1 },
      { text: 'e', fragment: 2 },
      { text: 'f', fragment: 0 },
    ]);
  });
});

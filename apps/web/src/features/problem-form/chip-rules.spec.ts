import { addChips, CHIP_LIMITS, chipSuggestions, normalizeChip } from './chip-rules';

describe('chip rules (SPEC 5)', () => {
  it('collapses whitespace and trims', () => {
    expect(normalizeChip('  dynamic \t  programming ')).toBe('dynamic programming');
  });

  it('adds typed chips, several at once with commas, dropping blanks and case-insensitive duplicates', () => {
    expect(addChips(['Math'], 'greedy,  math , ,Graphs', CHIP_LIMITS.algorithms)).toEqual({
      chips: ['Math', 'greedy', 'Graphs'],
      error: null,
    });
  });

  it('stops at the limit with its message', () => {
    const nineteen = Array.from({ length: 19 }, (_, i) => `t${i}`);
    expect(addChips(nineteen, 'a,b', CHIP_LIMITS.tags)).toEqual({ chips: [...nineteen, 'a'], error: 'Maximum of 20 tags reached.' });
    const ten = Array.from({ length: 10 }, (_, i) => `a${i}`);
    expect(addChips(ten, 'more', CHIP_LIMITS.algorithms)).toEqual({ chips: ten, error: 'Maximum of 10 algorithms reached.' });
    // A duplicate at the limit is not an attempt to add more.
    expect(addChips(ten, 'A3', CHIP_LIMITS.algorithms).error).toBeNull();
  });

  it('suggests up to eight known values containing the text, not yet chosen', () => {
    const known = ['Dynamic Programming', 'Graphs', 'Greedy', ...Array.from({ length: 12 }, (_, i) => `Graph ${i}`)];
    expect(chipSuggestions(known, ['greedy'], 'gr')).toHaveLength(8);
    expect(chipSuggestions(known, ['greedy'], 'gr')).not.toContain('Greedy');
    expect(chipSuggestions(known, [], 'PROG')).toEqual(['Dynamic Programming']);
    expect(chipSuggestions(known, [], '  ')).toEqual([]);
  });
});

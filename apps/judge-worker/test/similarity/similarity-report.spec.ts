import { SIMILARITY_CASES } from '@oj/api-testing';

import { REPORTED_SIMILARITY_FLOOR } from '../../src/similarity/similarity-parameters';
import { ComparedSubmission, computeSimilarityReport } from '../../src/similarity/similarity-report';

const submission = (id: string, problemId: number, languageName: string, sourceCode: string, languageId = 1): ComparedSubmission => ({
  id,
  problemId,
  userName: `user-${id}`,
  languageId,
  languageName,
  sourceCode,
});

const covered = (ranges: { start: number; end: number }[]) => ranges.reduce((sum, r) => sum + r.end - r.start, 0);

describe('similarity report', () => {
  it.each(SIMILARITY_CASES.map((c) => [c.languageName, c] as const))(
    'finds the renamed copy among unrelated %s solutions, and it alone',
    async (_, c) => {
      const submissions = [
        submission('original', 1, c.languageName, c.original),
        ...c.unrelated.map((source, i) => submission(`unrelated-${i}`, 1, c.languageName, source)),
        submission('copy', 1, c.languageName, c.renamedCopy),
      ];
      const { pairs, untokenized } = await computeSimilarityReport(submissions, []);
      expect(untokenized).toEqual([]);
      expect(pairs).toHaveLength(1);
      const [pair] = pairs;
      expect(pair).toMatchObject({ problemId: 1, leftSubmissionId: 'original', rightSubmissionId: 'copy', leftUser: 'user-original' });
      expect(pair.similarity).toBeGreaterThan(0.9);
      expect(pair.similarity).toBeLessThanOrEqual(1);
      // The fragments cover most of each program, and each lies within its source.
      expect(covered(pair.fragments.map((f) => f.left))).toBeGreaterThan(0.6 * c.original.length);
      expect(covered(pair.fragments.map((f) => f.right))).toBeGreaterThan(0.6 * c.renamedCopy.length);
      for (const { left, right } of pair.fragments) {
        expect(0 <= left.start && left.start < left.end && left.end <= c.original.length).toBe(true);
        expect(0 <= right.start && right.start < right.end && right.end <= c.renamedCopy.length).toBe(true);
      }
      expect(pair.longestFragment).toBe(
        Math.max(...pair.fragments.map((f) => Math.max(f.left.end - f.left.start, f.right.end - f.right.start))),
      );
    },
  );

  it('compares only within a problem and a language family, and names the languages it cannot read', async () => {
    const [c, cpp, python] = SIMILARITY_CASES;
    const { pairs, untokenized } = await computeSimilarityReport(
      [
        submission('a', 1, c.languageName, c.original),
        submission('b', 2, c.languageName, c.original),
        submission('c', 1, python.languageName, python.original),
        // C and C++ share a grammar: a C program copied into a C++ submission is found.
        submission('d', 1, cpp.languageName, c.renamedCopy),
        submission('e', 1, 'Haskell (GHC 9.0.1)', 'main = interact id'),
        submission('f', 1, 'Haskell (GHC 9.0.1)', 'main = interact id'),
      ],
      [],
    );
    expect(pairs.map((p) => [p.leftSubmissionId, p.rightSubmissionId, p.language])).toEqual([['a', 'd', 'C/C++']]);
    expect(untokenized).toEqual([{ language: 'Haskell (GHC 9.0.1)', submissions: 2 }]);
  });

  it('ignores the code of the problem’s template for the language', async () => {
    const [, cpp] = SIMILARITY_CASES;
    // Two solutions that share nothing but a long given reader; with the reader marked as the template, no pair.
    const reader = cpp.unrelated[0].slice(0, cpp.unrelated[0].indexOf('int main'));
    const first = `${reader}\n${cpp.original.slice(cpp.original.indexOf('int main'))}`;
    const second = `${reader}\nint main() { int q; std::cin >> q; std::cout << q * 2 << std::endl; }\n`;
    const submissions = [submission('a', 1, cpp.languageName, first, 54), submission('b', 1, cpp.languageName, second, 54)];
    const without = await computeSimilarityReport(submissions, []);
    expect(without.pairs.map((p) => p.similarity)).toEqual([expect.any(Number)]);
    expect(without.pairs[0].similarity).toBeGreaterThanOrEqual(REPORTED_SIMILARITY_FLOOR);
    const withTemplate = await computeSimilarityReport(submissions, [{ problemId: 1, languageId: 54, sourceCode: reader }]);
    expect(withTemplate.pairs).toEqual([]);
    // A template of another problem or language changes nothing.
    const elsewhere = await computeSimilarityReport(submissions, [
      { problemId: 2, languageId: 54, sourceCode: reader },
      { problemId: 1, languageId: 71, sourceCode: reader },
    ]);
    expect(elsewhere.pairs).toEqual(without.pairs);
  });

  it('reports its progress up to the end, most similar pairs first', async () => {
    const [, cpp] = SIMILARITY_CASES;
    const progress: number[] = [];
    const submissions = Array.from({ length: 40 }, (_, i) =>
      submission(`s${i}`, 1, cpp.languageName, i % 2 ? cpp.original : cpp.renamedCopy),
    );
    const { pairs } = await computeSimilarityReport(submissions, [], (done) => {
      progress.push(done);
    });
    expect(pairs.length).toBe((40 * 39) / 2);
    expect(pairs.map((p) => p.similarity)).toEqual([...pairs.map((p) => p.similarity)].sort((a, b) => b - a));
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.every((p) => p > 0 && p <= 1)).toBe(true);
  });
});

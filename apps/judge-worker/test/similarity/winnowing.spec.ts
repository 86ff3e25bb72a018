import { WINNOWING } from '../../src/similarity/similarity-parameters';
import { hashText, tokenize, tokenizerFor } from '../../src/similarity/tokenizer';
import { fingerprint, kgramHashes, winnow } from '../../src/similarity/winnowing';

const cpp = tokenizerFor('C++ (GCC 12.2.0)')!;

/** A deterministic pseudo-random token stream. */
function randomTokens(length: number, seed: number): Uint32Array {
  let state = seed;
  return Uint32Array.from({ length }, () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state % 50;
  });
}

describe('winnowing', () => {
  it('keeps the rightmost minimum of each window, once per run of windows that keep it', () => {
    // The paper's example (section 2, figure 2): windows of 4 over these hashes select 17 17 8 39 17.
    const hashes = Uint32Array.from([77, 74, 42, 17, 98, 50, 17, 98, 8, 88, 67, 39, 77, 74, 42, 17, 98]);
    expect(winnow(hashes, 4).map((i) => hashes[i])).toEqual([17, 17, 8, 39, 17]);
    // Robust winnowing: a run of equal hashes is one fingerprint, not one per window.
    expect(winnow(Uint32Array.from([5, 5, 5, 5, 5, 5, 5, 5]), 4)).toEqual([3, 7]);
    // Fewer hashes than a window: the smallest is still kept.
    expect(winnow(Uint32Array.from([9, 3, 7]), 4)).toEqual([1]);
    expect(winnow(new Uint32Array(0), 4)).toEqual([]);
  });

  it('selects at least one k-gram of every window, and about 2 / (w + 1) of them', () => {
    const { kgramTokens: k, windowKgrams: w } = WINNOWING;
    const hashes = kgramHashes(randomTokens(5000, 7), k);
    const kept = winnow(hashes, w);
    for (let start = 0; start + w <= hashes.length; start++) expect(kept.some((i) => i >= start && i < start + w)).toBe(true);
    const density = kept.length / hashes.length;
    expect(density).toBeGreaterThan(1.5 / (w + 1));
    expect(density).toBeLessThan(2.5 / (w + 1));
  });

  it('guarantees a shared fingerprint for any common run of w + k - 1 tokens, and none below k', () => {
    const { kgramTokens: k, windowKgrams: w } = WINNOWING;
    for (let seed = 1; seed <= 30; seed++) {
      const shared = randomTokens(w + k - 1, seed);
      const a = Uint32Array.from([...randomTokens(40, seed + 100), ...shared, ...randomTokens(40, seed + 200)]);
      const b = Uint32Array.from([...randomTokens(25, seed + 300), ...shared]);
      const fa = new Set(winnow(kgramHashes(a, k), w).map((i) => kgramHashes(a, k)[i]));
      const fb = winnow(kgramHashes(b, k), w).map((i) => kgramHashes(b, k)[i]);
      expect(fb.some((hash) => fa.has(hash))).toBe(true);
    }
    expect(kgramHashes(randomTokens(k - 1, 1), k)).toHaveLength(0);
  });

  it('reads names and literals as one token each, and skips comments and layout', () => {
    const one = tokenize('int total = 42; // sum\nprintf("%d", total);', cpp);
    const other = tokenize('int   s=7;\n/* renamed */ printf( "x=%d" , s ) ;', cpp);
    expect(Array.from(one.hashes)).toEqual(Array.from(other.hashes));
    expect(one.hashes).toHaveLength(12);
    expect(tokenize('int total', cpp).hashes[0]).toBe(hashText('int'));
    // Offsets point at the tokens' text.
    const source = 'x = foo(1);';
    const tokens = tokenize(source, cpp);
    expect(Array.from(tokens.starts, (s, i) => source.slice(s, tokens.ends[i]))).toEqual(['x', '=', 'foo', '(', '1', ')', ';']);
  });

  it('names the languages it has a grammar for', () => {
    expect(
      [
        'C (GCC 12)',
        'C++ (GCC 12)',
        'Python (3.11)',
        'Python (PyPy 7.3)',
        'Java (OpenJDK 17)',
        'JavaScript (Node.js 20)',
        'TypeScript (5.4)',
        'Go (1.19)',
        'Rust (1.63)',
      ].map((n) => tokenizerFor(n)?.family),
    ).toEqual(['C/C++', 'C/C++', 'Python', 'Python', 'Java', 'JavaScript/TypeScript', 'JavaScript/TypeScript', 'Go', 'Rust']);
    expect(['C# (Mono 6.6)', 'Haskell (GHC 8.8)', 'Kotlin (1.3)', 'Pascal (FPC 3.0)'].map((n) => tokenizerFor(n))).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });

  it('fingerprints cover their k tokens in the source', () => {
    const source = 'int main() { int a = 1; int b = 2; return a + b + a * b - a / b; }';
    const prints = fingerprint(tokenize(source, cpp));
    expect(prints.hashes.length).toBeGreaterThan(0);
    for (let i = 0; i < prints.hashes.length; i++) expect(prints.ends[i]).toBeGreaterThan(prints.starts[i]);
  });
});

/**
 * The similarity check's parameters, all in one place (docs/similarity.md explains them to contest hosts).
 *
 * Winnowing (Schleimer, Wilkerson and Aiken, "Winnowing: local algorithms for document fingerprinting", SIGMOD
 * 2003) hashes every run of K consecutive tokens (a k-gram) and keeps the smallest hash of each window of W
 * consecutive k-grams. It then guarantees: any shared run of at least W + K - 1 tokens is found (the guarantee
 * threshold t), and no shared run shorter than K is (the noise threshold). Tokens are normalised (every name is
 * one token, every literal another), so a shared run survives renaming and changed constants.
 *
 * K = 12 tokens is about one statement and a half: long enough that `for (int i = 0; i < n; i++)` (13 tokens)
 * alone is one k-gram, which every C++ solution shares, and short enough to see a copied loop body. W = 8 makes
 * t = 19 tokens: two or three copied statements in a row are always found.
 */
export const WINNOWING = { kgramTokens: 12, windowKgrams: 8 } as const;

/**
 * Pairs below this similarity are left out of the report: with over 2,000 submissions there are millions of
 * pairs, nearly all of them sharing only boilerplate. A host filters the report above it (the page's minimum).
 */
export const REPORTED_SIMILARITY_FLOOR = 0.2;

/** At most this many pairs are stored, the most similar; a report over a large contest stays readable. */
export const REPORTED_PAIRS_MAX = 2000;

/** The report's loop yields to the worker's event loop this often (ms), so its Bull locks and grading go on. */
export const YIELD_EVERY_MS = 20;

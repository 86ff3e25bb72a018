import { WINNOWING } from './similarity-parameters';
import type { TokenStream } from './tokenizer';

/**
 * A program's fingerprints: the k-gram hashes winnowing selected, in source order, each with the stretch of
 * source its k tokens cover (character offsets, end exclusive).
 */
export interface Fingerprints {
  hashes: Uint32Array;
  starts: Uint32Array;
  ends: Uint32Array;
}

const EMPTY: Fingerprints = { hashes: new Uint32Array(0), starts: new Uint32Array(0), ends: new Uint32Array(0) };

/** The hash of each run of `k` consecutive tokens (k-gram `i` starts at token `i`). */
export function kgramHashes(tokens: Uint32Array, k: number): Uint32Array {
  const count = tokens.length - k + 1;
  if (count <= 0) return new Uint32Array(0);
  const out = new Uint32Array(count);
  for (let i = 0; i < count; i++) {
    let hash = 0x9e3779b9;
    for (let j = 0; j < k; j++) hash = Math.imul(hash ^ tokens[i + j], 0x85ebca6b) ^ (hash >>> 15);
    out[i] = (hash ^ (hash >>> 13)) >>> 0;
  }
  return out;
}

/**
 * Robust winnowing (Schleimer et al. 2003, section 4.1): in each window of `w` consecutive k-gram hashes keep the
 * smallest, preferring the one the previous window kept, else the rightmost of equal ones, and record it once; so
 * a run of equal hashes (repeated code) yields one fingerprint per window length, not one per window. Returns the kept k-grams' indexes, ascending.
 */
export function winnow(hashes: Uint32Array, w: number): number[] {
  const kept: number[] = [];
  if (hashes.length === 0) return kept;
  // A text shorter than one window still has its smallest hash as a fingerprint.
  const windows = Math.max(1, hashes.length - w + 1);
  let min = -1;
  for (let start = 0; start < windows; start++) {
    const end = Math.min(start + w, hashes.length);
    if (min < start) {
      // The previous minimum left the window: scan it whole, rightmost minimum wins.
      min = start;
      for (let i = start + 1; i < end; i++) if (hashes[i] <= hashes[min]) min = i;
    } else if (hashes[end - 1] < hashes[min]) {
      // A new smaller hash; an equal one does not displace the kept one while it stays in the window.
      min = end - 1;
    }
    if (kept[kept.length - 1] !== min) kept.push(min);
  }
  return kept;
}

/** A token stream's fingerprints under the parameters of similarity-parameters.ts. */
export function fingerprint(tokens: TokenStream, { kgramTokens: k, windowKgrams: w } = WINNOWING): Fingerprints {
  const hashes = kgramHashes(tokens.hashes, k);
  if (hashes.length === 0) return EMPTY;
  const kept = winnow(hashes, w);
  return {
    hashes: Uint32Array.from(kept, (i) => hashes[i]),
    starts: Uint32Array.from(kept, (i) => tokens.starts[i]),
    ends: Uint32Array.from(kept, (i) => tokens.ends[i + k - 1]),
  };
}

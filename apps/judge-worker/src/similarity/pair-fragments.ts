import type { SimilarityFragment } from '@oj/contracts';

import type { Fingerprints } from './winnowing';

/** Occurrences of one hash in the right program followed per match: repeated code cannot blow up a pair. */
const OCCURRENCES_FOLLOWED = 8;

interface Run {
  leftFirst: number;
  leftLast: number;
  rightFirst: number;
  rightLast: number;
}

/**
 * The fragments two programs share: runs of fingerprints that match in the same order in both (consecutive in
 * each program's fingerprint list), as character ranges of each source. Overlapping runs keep the longest, so a
 * stretch of code is in one fragment at most; returned in the left source's order.
 */
export function sharedFragments(left: Fingerprints, right: Fingerprints): SimilarityFragment[] {
  const rightAt = new Map<number, number[]>();
  right.hashes.forEach((hash, j) => {
    const at = rightAt.get(hash);
    if (!at) rightAt.set(hash, [j]);
    else if (at.length < OCCURRENCES_FOLLOWED) at.push(j);
  });
  const runs: Run[] = [];
  let endingAt = new Map<number, Run>();
  for (let i = 0; i < left.hashes.length; i++) {
    const next = new Map<number, Run>();
    for (const j of rightAt.get(left.hashes[i]) ?? []) {
      const run = endingAt.get(j - 1);
      if (run) {
        run.leftLast = i;
        run.rightLast = j;
        next.set(j, run);
      } else {
        const started = { leftFirst: i, leftLast: i, rightFirst: j, rightLast: j };
        runs.push(started);
        next.set(j, started);
      }
    }
    endingAt = next;
  }
  const fragments = runs.map((run) => ({
    left: { start: left.starts[run.leftFirst], end: left.ends[run.leftLast] },
    right: { start: right.starts[run.rightFirst], end: right.ends[run.rightLast] },
  }));
  return disjoint(fragments).sort((a, b) => a.left.start - b.left.start);
}

/** The longest fragments whose ranges overlap no longer one's, on either side. */
function disjoint(fragments: SimilarityFragment[]): SimilarityFragment[] {
  const kept: SimilarityFragment[] = [];
  const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) => a.start < b.end && b.start < a.end;
  for (const fragment of fragments.sort((a, b) => fragmentLength(b) - fragmentLength(a)))
    if (!kept.some((k) => overlaps(k.left, fragment.left) || overlaps(k.right, fragment.right))) kept.push(fragment);
  return kept;
}

/** A fragment's length in characters: the longer of its two sides. */
export function fragmentLength(fragment: SimilarityFragment): number {
  return Math.max(fragment.left.end - fragment.left.start, fragment.right.end - fragment.right.start);
}

import type { LanguageTemplate, SimilarityPair, UntokenizedLanguage } from '@oj/contracts';

import { fragmentLength, sharedFragments } from './pair-fragments';
import { REPORTED_PAIRS_MAX, REPORTED_SIMILARITY_FLOOR, YIELD_EVERY_MS } from './similarity-parameters';
import { tokenize, Tokenizer, tokenizerFor } from './tokenizer';
import { fingerprint, Fingerprints } from './winnowing';

/** A submission compared: each user's one submission of a problem, oldest first (the left of its pairs). */
export interface ComparedSubmission {
  id: string;
  problemId: number;
  userName: string | null;
  languageId: number;
  languageName: string;
  sourceCode: string;
}

/** Starter code a problem's authors gave for a language: its fingerprints are not counted as shared. */
export type ProblemTemplate = LanguageTemplate & { problemId: number };

export interface ComputedReport {
  pairs: SimilarityPair[];
  untokenized: UntokenizedLanguage[];
}

interface Program {
  submission: ComparedSubmission;
  fingerprints: Fingerprints;
  /** How often each hash occurs among its fingerprints. */
  counts: Map<number, number>;
}

/** Reports the share of the work done, 0..1; may be awaited (the report's row is written). */
export type ProgressSink = (done: number) => Promise<void> | void;

/**
 * Compares each problem's submissions two by two within a language family: fingerprints by winnowing, the share
 * of matched fingerprints as the similarity, the matched runs as fragments. Long work yields to the event loop
 * every YIELD_EVERY_MS, so the worker's other jobs and its Bull locks go on while a large report runs.
 */
export async function computeSimilarityReport(
  submissions: readonly ComparedSubmission[],
  templates: readonly ProblemTemplate[],
  onProgress: ProgressSink = () => undefined,
): Promise<ComputedReport> {
  const pause = pacer();
  const { groups, untokenized } = groupByProblemAndFamily(submissions);
  // Steps: each submission read, each compared, and each reported pair's fragments found.
  const steps = Math.max(1, 2 * submissions.length + REPORTED_PAIRS_MAX);
  let done = 0;
  const step = async () => {
    done++;
    if (await pause()) await onProgress(done / steps);
  };
  const candidates: Candidate[] = [];
  for (const { tokenizer, members } of groups) {
    const ignored = templateHashes(members, templates, tokenizer);
    const programs: Program[] = [];
    for (const submission of members) {
      programs.push({ submission, ...countedFingerprints(fingerprint(tokenize(submission.sourceCode, tokenizer)), ignored) });
      await step();
    }
    const index = postings(programs);
    for (let a = 0; a < programs.length; a++) {
      candidates.push(...similarPairs(programs, a, index, tokenizer.family));
      await step();
    }
  }
  // Fragments only for the pairs the report keeps: they cost more than the similarity itself.
  candidates.sort((x, y) => y.similarity - x.similarity);
  const pairs: SimilarityPair[] = [];
  for (const candidate of candidates.slice(0, REPORTED_PAIRS_MAX)) {
    pairs.push(withFragments(candidate));
    await step();
  }
  pairs.sort((x, y) => y.similarity - x.similarity || y.longestFragment - x.longestFragment);
  return { pairs, untokenized };
}

/** A pair at or above the floor, before its fragments are found. */
interface Candidate {
  left: Program;
  right: Program;
  family: string;
  similarity: number;
}

function groupByProblemAndFamily(submissions: readonly ComparedSubmission[]) {
  const groups = new Map<string, { tokenizer: Tokenizer; members: ComparedSubmission[] }>();
  const untokenized = new Map<string, number>();
  for (const submission of submissions) {
    const tokenizer = tokenizerFor(submission.languageName);
    if (!tokenizer) {
      untokenized.set(submission.languageName, (untokenized.get(submission.languageName) ?? 0) + 1);
      continue;
    }
    const key = `${submission.problemId}\u0000${tokenizer.family}`;
    const group = groups.get(key) ?? { tokenizer, members: [] };
    group.members.push(submission);
    groups.set(key, group);
  }
  return {
    groups: [...groups.values()],
    untokenized: [...untokenized].map(([language, count]) => ({ language, submissions: count })),
  };
}

/** The fingerprints of the group's problem's templates in the group's languages. */
function templateHashes(members: readonly ComparedSubmission[], templates: readonly ProblemTemplate[], tokenizer: Tokenizer): Set<number> {
  const problemId = members[0].problemId;
  const languages = new Set(members.map((m) => m.languageId));
  const hashes = new Set<number>();
  for (const template of templates)
    if (template.problemId === problemId && languages.has(template.languageId))
      for (const hash of fingerprint(tokenize(template.sourceCode, tokenizer)).hashes) hashes.add(hash);
  return hashes;
}

/** The fingerprints without the ignored hashes, and how often each remaining hash occurs. */
function countedFingerprints(all: Fingerprints, ignored: ReadonlySet<number>): Omit<Program, 'submission'> {
  const fingerprints = ignored.size ? without(all, (hash) => ignored.has(hash)) : all;
  const counts = new Map<number, number>();
  for (const hash of fingerprints.hashes) counts.set(hash, (counts.get(hash) ?? 0) + 1);
  return { fingerprints, counts };
}

function without(fingerprints: Fingerprints, drop: (hash: number) => boolean): Fingerprints {
  const keep = [...fingerprints.hashes.keys()].filter((i) => !drop(fingerprints.hashes[i]));
  return {
    hashes: Uint32Array.from(keep, (i) => fingerprints.hashes[i]),
    starts: Uint32Array.from(keep, (i) => fingerprints.starts[i]),
    ends: Uint32Array.from(keep, (i) => fingerprints.ends[i]),
  };
}

/** For each hash, the programs (by index) holding it. */
function postings(programs: readonly Program[]): Map<number, number[]> {
  const index = new Map<number, number[]>();
  programs.forEach((program, p) => {
    for (const hash of program.counts.keys()) {
      const list = index.get(hash);
      if (list) list.push(p);
      else index.set(hash, [p]);
    }
  });
  return index;
}

/**
 * Program `a`'s pairs with the later programs at or above the reporting floor. The similarity is the share of
 * both programs' fingerprints whose hash the other program also has: (matched in a + matched in b) ÷ (a's + b's),
 * as Dolos defines it, so one long program does not make every short one look copied.
 */
function similarPairs(programs: readonly Program[], a: number, index: Map<number, number[]>, family: string): Candidate[] {
  const left = programs[a];
  const matchedLeft = new Map<number, number>();
  const matchedRight = new Map<number, number>();
  for (const [hash, count] of left.counts)
    for (const b of index.get(hash) ?? []) {
      if (b <= a) continue;
      matchedLeft.set(b, (matchedLeft.get(b) ?? 0) + count);
      matchedRight.set(b, (matchedRight.get(b) ?? 0) + (programs[b].counts.get(hash) ?? 0));
    }
  const pairs: Candidate[] = [];
  for (const [b, inLeft] of matchedLeft) {
    const right = programs[b];
    const similarity = (inLeft + matchedRight.get(b)!) / (left.fingerprints.hashes.length + right.fingerprints.hashes.length);
    if (similarity >= REPORTED_SIMILARITY_FLOOR) pairs.push({ left, right, family, similarity });
  }
  return pairs;
}

function withFragments({ left, right, family, similarity }: Candidate): SimilarityPair {
  const fragments = sharedFragments(left.fingerprints, right.fingerprints);
  return {
    problemId: left.submission.problemId,
    language: family,
    leftSubmissionId: left.submission.id,
    rightSubmissionId: right.submission.id,
    leftUser: left.submission.userName,
    rightUser: right.submission.userName,
    similarity: Math.round(similarity * 1e4) / 1e4,
    longestFragment: Math.max(0, ...fragments.map(fragmentLength)),
    fragments,
  };
}

/** Resolves true (after a turn of the event loop) once YIELD_EVERY_MS have passed since the last time it did. */
function pacer(): () => Promise<boolean> {
  let last = Date.now();
  return async () => {
    if (Date.now() - last < YIELD_EVERY_MS) return false;
    await new Promise((resolve) => setImmediate(resolve));
    last = Date.now();
    return true;
  };
}

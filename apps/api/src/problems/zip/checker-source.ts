import { CheckerSettings, MAX_CHECKER_SOURCE_BYTES } from '@oj/contracts';

import { whyNotText } from '../test-data-text';
import type { ArchiveFile } from './test-archive-reader';

/** The checker file names Polygon-style packages use, in the order one is preferred, with their Judge0 language. */
const CHECKER_NAMES: { name: string; languageId: number; language: string }[] = [
  { name: 'checker.cpp', languageId: 54, language: 'C++' },
  { name: 'check.cpp', languageId: 54, language: 'C++' },
  { name: 'checker.c', languageId: 50, language: 'C' },
  { name: 'check.c', languageId: 50, language: 'C' },
];
const FOLDERS = ['', 'checker/'];

export interface ArchiveChecker {
  /** The checker found, if any fits; absent when none is in the archive or it is too large. */
  checker?: CheckerSettings;
  /** The archive's other files, for pairing into tests. */
  files: ArchiveFile[];
  warnings: string[];
}

function candidateRank(path: string): number {
  const lower = path.toLowerCase();
  for (const [f, folder] of FOLDERS.entries()) {
    const i = CHECKER_NAMES.findIndex((c) => lower === folder + c.name);
    if (i >= 0) return f * CHECKER_NAMES.length + i;
  }
  return -1;
}

/**
 * Takes a checker source out of an archive's files: `checker.cpp`, `check.cpp`, `checker.c` or `check.c`, at the
 * root or in a `checker/` folder. The first by that order (root first) becomes a `custom` checker; any other is
 * skipped with a warning, and so is a source over the API's 64 KiB cap or one that is not text.
 */
export function takeCheckerSource(files: ArchiveFile[]): ArchiveChecker {
  const candidates = files.filter((f) => candidateRank(f.path) >= 0).sort((a, b) => candidateRank(a.path) - candidateRank(b.path));
  const rest = files.filter((f) => !candidates.includes(f));
  const [chosen, ...others] = candidates;
  if (!chosen) return { files: rest, warnings: [] };
  const warnings = others.map((f) => `Skipped ${f.path}: ${chosen.path} is the checker.`);
  if (chosen.content.length > MAX_CHECKER_SOURCE_BYTES) {
    return { files: rest, warnings: [`Skipped ${chosen.path}: a checker source must be at most 64 KiB.`, ...warnings] };
  }
  if (whyNotText(chosen.content)) {
    return { files: rest, warnings: [`Skipped ${chosen.path}: a checker source must be UTF-8 text without NUL bytes.`, ...warnings] };
  }
  const kind = CHECKER_NAMES[candidateRank(chosen.path) % CHECKER_NAMES.length];
  return {
    checker: { type: 'custom', languageId: kind.languageId, source: chosen.content.toString('utf8') },
    files: rest,
    warnings: [`Found ${chosen.path}: set as the custom checker (${kind.language}).`, ...warnings],
  };
}

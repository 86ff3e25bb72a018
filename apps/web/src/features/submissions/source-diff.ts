import { structuredPatch } from 'diff';

/** Lines of unchanged code shown around each change, as `diff -u` does. */
const CONTEXT_LINES = 3;

export type DiffLine = { kind: 'same' | 'added' | 'removed'; before: number | null; after: number | null; text: string };

/** A run of changes with its context: where it starts and how many lines it spans on each side. */
export interface DiffHunk {
  before: { start: number; count: number };
  after: { start: number; count: number };
  lines: DiffLine[];
}

export interface SourceDiff {
  hunks: DiffHunk[];
  added: number;
  removed: number;
}

const KINDS: Record<string, DiffLine['kind']> = { ' ': 'same', '+': 'added', '-': 'removed' };

/** With a final line end: a missing one would show the last line as removed and added again, unchanged to the eye. */
const withFinalNewline = (source: string) => (source === '' || source.endsWith('\n') ? source : `${source}\n`);

/**
 * The line changes from `before` to `after`, grouped in hunks with their line numbers; no hunks when the code is the
 * same. Line ends (\r\n or \n, or none after the last line) are no changes. jsdiff finds the changes (Myers'
 * algorithm, as git's).
 */
export function diffSources(before: string, after: string): SourceDiff {
  const patch = structuredPatch('before', 'after', withFinalNewline(before), withFinalNewline(after), undefined, undefined, {
    context: CONTEXT_LINES,
    stripTrailingCr: true,
  });
  let added = 0;
  let removed = 0;
  const hunks = patch.hunks.map((hunk): DiffHunk => {
    let beforeLine = hunk.oldStart;
    let afterLine = hunk.newStart;
    const lines: DiffLine[] = [];
    for (const line of hunk.lines) {
      const kind = KINDS[line[0]];
      // No "\ No newline at end of file" is left (withFinalNewline), but it would be no line of code.
      if (!kind) continue;
      const text = line.slice(1);
      if (kind === 'added') lines.push({ kind, before: null, after: afterLine++, text });
      else if (kind === 'removed') lines.push({ kind, before: beforeLine++, after: null, text });
      else lines.push({ kind, before: beforeLine++, after: afterLine++, text });
    }
    added += lines.filter((l) => l.kind === 'added').length;
    removed += lines.filter((l) => l.kind === 'removed').length;
    return { before: { start: hunk.oldStart, count: hunk.oldLines }, after: { start: hunk.newStart, count: hunk.newLines }, lines };
  });
  return { hunks, added, removed };
}

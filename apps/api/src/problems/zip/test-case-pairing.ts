import { Subtask, TEST_CASE_POINTS } from '@oj/contracts';
import { setImmediate as nextTurn } from 'timers/promises';

import { TEST_DATA_TEXT_RULE, whyNotText } from '../test-data-text';
import { ArchiveFile, ArchiveRejectedError } from './test-archive-reader';
import { groupTests } from './test-grouping';
import { isBlankText, isEmptyWhenTrimmed } from './test-text-slices';

/** A test of the archive, its files still as bytes (UTF-8 text): they are decoded slice by slice as they are sent. */
export interface ParsedTestCase {
  input: Buffer;
  output: Buffer;
  points: number;
  subtask?: number;
}

export interface ParsedArchive {
  testCases: ParsedTestCase[];
  /** Suggested from `subtask<N>/` folders or group prefixes (see groupTests); empty when there are none. */
  subtasks: Subtask[];
  warnings: string[];
}

interface Slot {
  key: string;
  label: string;
  input?: ArchiveFile;
  output?: ArchiveFile;
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
/** How many offending files the refusal of binary test files names before counting the rest. */
const NAMED_FILES = 5;

/**
 * Refuses the archive when a file of a pair is not text, naming the first few such files and why. One file's
 * check is two native scans (milliseconds for 64 MiB); the event loop gets a turn between files.
 */
async function requireTextFiles(pairs: Slot[]): Promise<void> {
  const offenders: string[] = [];
  for (const file of pairs.flatMap((slot) => [slot.input, slot.output] as ArchiveFile[])) {
    const reason = whyNotText(file.content);
    if (reason) offenders.push(`${file.path} (${reason})`);
    await nextTurn();
  }
  if (!offenders.length) return;
  const named = offenders.slice(0, NAMED_FILES).join(', ');
  const more = offenders.length > NAMED_FILES ? ` and ${offenders.length - NAMED_FILES} more` : '';
  throw new ArchiveRejectedError(`Test files ${TEST_DATA_TEXT_RULE}: ${named}${more}.`);
}

/**
 * Which test a file belongs to and whether it is its input or output, for the layouts judges use:
 * `N.in`/`N.out`, `N.in`/`N.ans`, `inputN.txt`/`outputN.txt`, and `input/N.txt` beside `output/N.txt`.
 */
function classify(path: string): { key: string; label: string; role: 'input' | 'output' } | null {
  const parts = path.split('/');
  const name = parts.pop() as string;
  const dir = parts.join('/');
  const within = (stem: string) => (dir ? `${dir}/${stem}` : stem);
  let m = /^(.+)\.(in|out|ans)$/i.exec(name);
  if (m) return { key: `ext:${within(m[1])}`, label: within(m[1]), role: m[2].toLowerCase() === 'in' ? 'input' : 'output' };
  m = /^(input|output)[-_]?(\d+)\.txt$/i.exec(name);
  if (m) return { key: `txt:${within(m[2])}`, label: within(m[2]), role: m[1].toLowerCase() as 'input' | 'output' };
  const parent = parts[parts.length - 1]?.toLowerCase();
  m = /^(.+)\.txt$/i.exec(name);
  if (m && (parent === 'input' || parent === 'output')) {
    const base = parts.slice(0, -1).join('/');
    const stem = base ? `${base}/${m[1]}` : m[1];
    return { key: `dir:${stem}`, label: stem, role: parent };
  }
  return null;
}

function isJunk(path: string): boolean {
  return path.startsWith('__MACOSX/') || path.split('/').some((segment) => segment.startsWith('.'));
}

/** Whether a file holds no test data: blank as String.prototype.trim sees it, and empty once trimmed if asked. */
async function emptiness(content: Buffer, trimWhitespace: boolean): Promise<{ blank: boolean; empty: boolean }> {
  const blank = await isBlankText(content);
  const empty = blank && (trimWhitespace ? await isEmptyWhenTrimmed(content) : content.length === 0);
  return { blank, empty };
}

/**
 * Pairs archive files into test cases (natural order), grouped into subtasks, with a warning for everything left
 * out. Refuses the archive when a paired file is not UTF-8 text or holds NUL bytes: the judge compares text.
 * The files stay bytes; with `trimWhitespace`, a file counts as empty when trimming its line ends leaves nothing.
 */
export async function pairTestCases(files: ArchiveFile[], trimWhitespace: boolean): Promise<ParsedArchive> {
  const warnings: string[] = [];
  const slots = new Map<string, Slot>();
  for (const file of files) {
    const kind = isJunk(file.path) ? null : classify(file.path);
    if (!kind) {
      warnings.push(`Skipped ${file.path}: not a recognised test file name.`);
      continue;
    }
    const slot = slots.get(kind.key) ?? { key: kind.key, label: kind.label };
    if (slot[kind.role]) {
      warnings.push(`Skipped ${file.path}: test ${kind.label} already has an ${kind.role} file.`);
      continue;
    }
    slot[kind.role] = file;
    slots.set(kind.key, slot);
  }
  const sorted = [...slots.values()].sort((a, b) => collator.compare(a.label, b.label));
  await requireTextFiles(sorted.filter((slot) => slot.input && slot.output));
  const testCases: ParsedTestCase[] = [];
  const labels: string[] = [];
  for (const slot of sorted) {
    if (!slot.input || !slot.output) {
      const present = (slot.input ?? slot.output) as ArchiveFile;
      warnings.push(`Skipped ${present.path}: no matching ${slot.input ? 'output' : 'input'} file.`);
      continue;
    }
    const input = await emptiness(slot.input.content, trimWhitespace);
    const output = await emptiness(slot.output.content, trimWhitespace);
    if (input.blank && output.blank) {
      warnings.push(`Skipped test ${slot.label}: input and output are empty.`);
      continue;
    }
    if (input.empty || output.empty) {
      warnings.push(`Skipped test ${slot.label}: ${input.empty ? 'input' : 'output'} is empty.`);
      continue;
    }
    testCases.push({ input: slot.input.content, output: slot.output.content, points: TEST_CASE_POINTS.default });
    labels.push(slot.label);
  }
  const grouping = groupTests(labels);
  return {
    testCases: testCases.map((test, i) => (grouping.assignments[i] === undefined ? test : { ...test, subtask: grouping.assignments[i] })),
    subtasks: grouping.subtasks,
    warnings: [...warnings, ...grouping.warnings],
  };
}

import { isLineEndSpace, trimLineEnds } from '@oj/contracts';
import { setImmediate as nextTurn } from 'timers/promises';

/**
 * How many bytes of a test file one synchronous step decodes, trims or serialises: a 64 MiB file handled in one go
 * held the event loop for half a second (issue 20); a slice takes a few milliseconds.
 */
export const SLICE_BYTES = 256 * 1024;

/**
 * A UTF-8 file's text in slices of at most SLICE_BYTES, each cut between two characters, so no slice splits a
 * character (nor a 4-byte one's UTF-16 surrogate pair). The content must be valid UTF-8 (see whyNotText).
 */
export function* textSlices(content: Buffer): Generator<string> {
  for (let start = 0; start < content.length;) {
    let end = Math.min(start + SLICE_BYTES, content.length);
    // A continuation byte (10xxxxxx) is inside a character: cut before the byte that starts it.
    while (end < content.length && (content[end] & 0xc0) === 0x80) end--;
    yield content.toString('utf8', start, end);
    start = end;
  }
}

/** Whether `text[from, to)` holds nothing but line-end spaces. */
function onlyLineEndSpaces(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (!isLineEndSpace(text.charCodeAt(i))) return false;
  return true;
}

/**
 * trimLineEnds over slices: pieces whose concatenation is trimLineEnds of the slices' concatenation. The spaces a
 * slice ends with are held back until the next slices tell whether their line ends after them (dropped) or goes
 * on (kept); every piece stays a slice or part of one.
 */
export function* trimmedSlices(slices: Iterable<string>): Generator<string> {
  let held: string[] = [];
  for (const slice of slices) {
    const newline = slice.indexOf('\n');
    const firstLineEnd = newline < 0 ? slice.length : newline;
    if (!onlyLineEndSpaces(slice, 0, firstLineEnd)) yield* held;
    else if (newline < 0) {
      held.push(slice);
      continue;
    }
    held = [];
    const lastLineStart = slice.lastIndexOf('\n') + 1;
    let cut = slice.length;
    while (cut > lastLineStart && isLineEndSpace(slice.charCodeAt(cut - 1))) cut--;
    yield trimLineEnds(slice.slice(0, cut));
    if (cut < slice.length) held = [slice.slice(cut)];
  }
}

/** The ASCII characters String.prototype.trim removes: tab, line feed, vertical tab, form feed, carriage return, space. */
const isAsciiSpace = (byte: number) => byte === 0x20 || (byte >= 0x09 && byte <= 0x0d);

/** Whether a file is blank, as String.prototype.trim sees it: nothing but whitespace (or nothing at all). */
export async function isBlankText(content: Buffer): Promise<boolean> {
  // A test file nearly always answers at its first byte: an ASCII character that is not a space, read without
  // decoding a slice (which cost an upload of 64 MiB of tests over half a second). Every other Unicode space is a
  // multi-byte character, so a non-ASCII byte leaves the answer to the decoded slices.
  for (let i = 0; i < Math.min(content.length, SLICE_BYTES); i++) {
    if (content[i] >= 0x80) break;
    if (!isAsciiSpace(content[i])) return false;
  }
  for (const slice of textSlices(content)) {
    if (/\S/.test(slice)) return false;
    await nextTurn();
  }
  return true;
}

/** Whether trimLineEnds leaves a file empty: it holds only line-end spaces, not even a newline. */
export async function isEmptyWhenTrimmed(content: Buffer): Promise<boolean> {
  for (const slice of textSlices(content)) {
    if (!onlyLineEndSpaces(slice, 0, slice.length)) return false;
    await nextTurn();
  }
  return true;
}

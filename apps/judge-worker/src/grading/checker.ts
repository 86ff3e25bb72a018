import { isLineEndSpace, trimLineEnds } from '@oj/contracts';

const NEWLINE = 0x0a;

/**
 * A built-in checker fed an output in chunks (the output is never held whole): `push` answers false once the
 * outputs certainly differ, `matches` decides once everything has been pushed.
 */
export interface OutputChecker {
  push(chunk: Uint8Array): boolean;
  matches(): boolean;
}

/** The expected output as the checker compares it: every line's trailing whitespace and the trailing empty lines dropped. */
export function normalizedExpected(expected: string): Buffer {
  const trimmed = trimLineEnds(expected);
  let end = trimmed.length;
  while (end > 0 && trimmed.charCodeAt(end - 1) === NEWLINE) end--;
  return Buffer.from(trimmed.slice(0, end), 'utf8');
}

/**
 * The standard checker over an output that arrives in chunks: outputs match when they are equal line by line,
 * ignoring trailing whitespace on each line (spaces, tabs, \r, \f, \v) and trailing empty lines. Bytes are
 * compared as they are, with no decoding.
 *
 * Each byte is looked at once and nothing of the output is kept: whitespace and newlines whose fate is not known
 * yet (they are dropped if only whitespace follows them) are counted and checked against the expected bytes they
 * would have to equal, so a long run of spaces or empty lines costs no memory and no second pass.
 */
export class StreamingChecker implements OutputChecker {
  private readonly expected: Buffer;
  /** Expected bytes matched by the output so far (up to its last byte that was neither whitespace nor newline). */
  private matched = 0;
  /** Newlines since then, and whether they equal the expected bytes that follow `matched`. */
  private newlines = 0;
  private newlinesMatch = true;
  /** Whitespace on the current line since then, and whether it equals the expected bytes after those newlines. */
  private spaces = 0;
  private spacesMatch = true;
  private differs = false;

  constructor(expected: string) {
    this.expected = normalizedExpected(expected);
  }

  /** Feeds the next chunk of output; false once the outputs certainly differ (the rest need not be read). */
  push(chunk: Uint8Array): boolean {
    if (this.differs) return false;
    const expected = this.expected;
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i];
      if (byte === NEWLINE) {
        // The line's trailing whitespace is dropped; the newline counts only if a non-empty line follows.
        this.spaces = 0;
        this.spacesMatch = true;
        if (expected[this.matched + this.newlines] !== NEWLINE) this.newlinesMatch = false;
        this.newlines++;
      } else if (isLineEndSpace(byte)) {
        if (expected[this.matched + this.newlines + this.spaces] !== byte) this.spacesMatch = false;
        this.spaces++;
      } else {
        const at = this.matched + this.newlines + this.spaces;
        if (!this.newlinesMatch || !this.spacesMatch || expected[at] !== byte) {
          this.differs = true;
          return false;
        }
        this.matched = at + 1;
        this.newlines = 0;
        this.spaces = 0;
      }
    }
    return true;
  }

  /** Whether the whole output, now that it has all been pushed, matches the expected one. */
  matches(): boolean {
    return !this.differs && this.matched === this.expected.length;
  }
}

/** A checker given as such, or the standard one for an expected output given as text. */
const checkerFor = (expected: string | OutputChecker): OutputChecker =>
  typeof expected === 'string' ? new StreamingChecker(expected) : expected;

/** A checker (by default the standard one) on an output held whole (Judge0's answers arrive that way). */
export function outputsMatch(actual: string | Uint8Array, expected: string | OutputChecker): boolean {
  const checker = checkerFor(expected);
  checker.push(typeof actual === 'string' ? Buffer.from(actual, 'utf8') : actual);
  return checker.matches();
}

/** A checker (by default the standard one) reading an output stream chunk by chunk; stops at the first difference. */
export async function streamMatches(actual: AsyncIterable<Uint8Array>, expected: string | OutputChecker): Promise<boolean> {
  const checker = checkerFor(expected);
  for await (const chunk of actual) {
    if (!checker.push(chunk)) return false;
  }
  return checker.matches();
}

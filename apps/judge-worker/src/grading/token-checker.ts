import { OutputChecker } from './checker';

/** Bytes that separate tokens: space, tab, LF, CR, form feed, vertical tab. */
const isSeparator = (byte: number | undefined) => byte === 0x20 || (byte !== undefined && byte >= 0x09 && byte <= 0x0d);
/** A token longer than this is compared byte for byte only: no number a checker should tolerate is that long. */
const NUMBER_MAX_BYTES = 256;
/** Digits and points, then an optional exponent: the classes are disjoint, so matching is linear. */
const NUMBER = /^[+-]?[0-9.]+(?:[eE][+-]?[0-9]+)?$/;
/** The special values as C's strtod and the field's default validators read them, in any case. */
const SPECIAL = /^([+-]?)(nan|inf|infinity)$/i;

function parseNumber(token: string): number | null {
  const special = SPECIAL.exec(token);
  if (special) {
    if (special[2].toLowerCase() === 'nan') return NaN;
    return special[1] === '-' ? -Infinity : Infinity;
  }
  if (!NUMBER.test(token)) return null;
  const value = Number(token);
  return Number.isFinite(value) ? value : null;
}

/**
 * Whether two tokens are numbers within `epsilon` of each other, absolutely or relative to the jury's. NaN equals
 * NaN and an infinity only the same infinity (`nan` = `NaN`, `-inf` = `-Infinity`), however they are written.
 */
function numbersClose(actual: string, expected: string, epsilon: number): boolean {
  const a = parseNumber(actual);
  const b = parseNumber(expected);
  if (a === null || b === null) return false;
  if (Number.isNaN(a) || Number.isNaN(b)) return Number.isNaN(a) && Number.isNaN(b);
  if (!Number.isFinite(a) || !Number.isFinite(b)) return a === b;
  const distance = Math.abs(a - b);
  return distance <= epsilon || distance <= epsilon * Math.abs(b);
}

/**
 * The `tokens` and `float` checkers: outputs match when their whitespace-separated tokens are equal in order,
 * however they are spaced or split into lines. With an epsilon (`float`), two numeric tokens also match when
 * close enough; other tokens must still be equal.
 *
 * Each output byte is looked at once and compared as it comes against the expected token, which is found by a
 * cursor over the expected bytes: neither output nor tokens are collected, except the first bytes of an output
 * token that may still be a close number.
 */
export class TokenChecker implements OutputChecker {
  private readonly expected: Buffer;
  /** Where the expected bytes not yet matched to an output token start. */
  private cursor = 0;
  /** The expected token the current output token is compared with, or null between tokens. */
  private token: { start: number; end: number } | null = null;
  private length = 0;
  private equal = true;
  private readonly head = Buffer.alloc(NUMBER_MAX_BYTES);
  private differs = false;

  constructor(
    expected: string,
    private readonly epsilon: number | null = null,
  ) {
    this.expected = Buffer.from(expected, 'utf8');
  }

  push(chunk: Uint8Array): boolean {
    for (let i = 0; i < chunk.length && !this.differs; i++) {
      const byte = chunk[i];
      if (isSeparator(byte)) this.endToken();
      else this.takeTokenByte(byte);
    }
    return !this.differs;
  }

  matches(): boolean {
    this.endToken();
    if (this.differs) return false;
    while (isSeparator(this.expected[this.cursor])) this.cursor++;
    return this.cursor === this.expected.length;
  }

  private takeTokenByte(byte: number): void {
    const token = (this.token ??= this.nextExpectedToken());
    if (!token) {
      this.differs = true;
      return;
    }
    if (this.equal && (token.start + this.length >= token.end || this.expected[token.start + this.length] !== byte)) this.equal = false;
    if (this.length < NUMBER_MAX_BYTES) this.head[this.length] = byte;
    this.length++;
    // Unequal bytes end the comparison unless the token may still be a close number.
    if (!this.equal && (this.epsilon === null || this.length > NUMBER_MAX_BYTES)) this.differs = true;
  }

  private endToken(): void {
    const token = this.token;
    if (!token || this.differs) return;
    const same = this.equal && this.length === token.end - token.start;
    if (!same) {
      const close =
        this.epsilon !== null &&
        token.end - token.start <= NUMBER_MAX_BYTES &&
        numbersClose(this.head.toString('latin1', 0, this.length), this.expected.toString('latin1', token.start, token.end), this.epsilon);
      if (!close) this.differs = true;
    }
    this.token = null;
    this.length = 0;
    this.equal = true;
  }

  /** The next expected token after the cursor (which moves past it), or null when none is left. */
  private nextExpectedToken(): { start: number; end: number } | null {
    const expected = this.expected;
    let start = this.cursor;
    while (isSeparator(expected[start])) start++;
    if (start >= expected.length) return null;
    let end = start;
    while (end < expected.length && !isSeparator(expected[end])) end++;
    this.cursor = end;
    return { start, end };
  }
}

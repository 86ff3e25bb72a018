import { OutputChecker } from './checker';

const NEWLINE = 0x0a;
const RETURN = 0x0d;

/**
 * The `exact` checker: byte for byte, once CRLF and lone CR line endings are read as LF on both sides (so an
 * answer file written on Windows still matches). Nothing else is forgiven, not even a missing final newline.
 */
export class ExactChecker implements OutputChecker {
  private readonly expected: Buffer;
  private at = 0;
  /** The last byte was a CR: it ends a line whichever byte follows, and swallows an LF right after it. */
  private afterReturn = false;
  private differs = false;

  constructor(expected: string) {
    this.expected = Buffer.from(expected.replace(/\r\n?/g, '\n'), 'utf8');
  }

  push(chunk: Uint8Array): boolean {
    for (let i = 0; i < chunk.length && !this.differs; i++) {
      const byte = chunk[i];
      if (this.afterReturn) {
        this.afterReturn = false;
        this.take(NEWLINE);
        if (byte === NEWLINE) continue;
      }
      if (byte === RETURN) this.afterReturn = true;
      else this.take(byte);
    }
    return !this.differs;
  }

  matches(): boolean {
    if (this.afterReturn) {
      this.afterReturn = false;
      this.take(NEWLINE);
    }
    return !this.differs && this.at === this.expected.length;
  }

  private take(byte: number): void {
    if (this.expected[this.at] === byte) this.at++;
    else this.differs = true;
  }
}

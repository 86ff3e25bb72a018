/** The whitespace a line may end with and still count as the same line: space, tab, CR, form feed, vertical tab. */
export function isLineEndSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0d || code === 0x0c || code === 0x0b;
}

/**
 * `text` with the trailing whitespace of every line removed, in one pass. A regex such as /[ \t]+$/gm does the
 * same in quadratic time on a long run of spaces that does not end a line, and both API and worker apply this
 * to text users control (imported test files, expected outputs).
 */
export function trimLineEnds(text: string): string {
  let result = '';
  let kept = 0;
  for (let start = 0; start <= text.length;) {
    const newline = text.indexOf('\n', start);
    const end = newline < 0 ? text.length : newline;
    let cut = end;
    while (cut > start && isLineEndSpace(text.charCodeAt(cut - 1))) cut--;
    if (cut < end) {
      result += text.slice(kept, cut);
      kept = end;
    }
    start = end + 1;
  }
  return kept === 0 ? text : result + text.slice(kept);
}

/** Lines of an output as the standard checker sees them: trailing whitespace and trailing empty lines dropped. */
function normalizedLines(text: string): string[] {
  const lines = text.split('\n').map((line) => line.replace(/\s+$/, ''));
  while (lines.length && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/**
 * The standard checker: outputs match when they are equal line by line, ignoring trailing whitespace on each
 * line (including \r) and trailing empty lines.
 */
export function outputsMatch(actual: string, expected: string): boolean {
  const a = normalizedLines(actual);
  const e = normalizedLines(expected);
  return a.length === e.length && a.every((line, i) => line === e[i]);
}

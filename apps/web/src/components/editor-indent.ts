/**
 * The indent unit each language's own style guide uses (PEP 8, gofmt, rustfmt, the Java and C++ conventions, Prettier
 * for JavaScript and TypeScript): Tab, Enter and re-indenting all use it, so a block never mixes two widths. Keyed by
 * Judge0 language id; others get four spaces.
 */
const INDENT_UNITS: Record<number, string> = {
  50: '    ', // C
  54: '    ', // C++
  62: '    ', // Java
  63: '  ', // JavaScript
  74: '  ', // TypeScript
  71: '    ', // Python
  60: '\t', // Go
  73: '    ', // Rust
};

const DEFAULT_INDENT_UNIT = '    ';

export function indentUnitFor(languageId: number | undefined): string {
  return (languageId !== undefined && INDENT_UNITS[languageId]) || DEFAULT_INDENT_UNIT;
}

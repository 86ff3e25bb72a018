import type { CSSProperties } from 'react';

/**
 * The code's text size, set on the editor's box (and its loading placeholder): CodeMirror's text inherits it. An
 * explicit size also ends the browsers' shrinking of monospace text that inherits the default size (16 px to 13 px).
 */
export function fontSizeStyle(fontSize: number | undefined): CSSProperties | undefined {
  return fontSize ? { fontSize: `${fontSize}px` } : undefined;
}

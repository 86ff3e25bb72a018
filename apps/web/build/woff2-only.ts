import type { Plugin } from 'vite';

/** A `, url(…) format("woff")` or `, url(…) format("truetype")` fallback source of an @font-face rule. */
const LEGACY_FONT_SOURCE = /,\s*url\([^)]*\)\s*format\(["'](?:woff|truetype)["']\)/g;

/**
 * KaTeX's stylesheet lists each font as woff2, woff and ttf; every browser the app supports takes woff2, so the
 * older formats are dropped from the CSS before Vite resolves its URLs, and their 40 files are never emitted.
 */
export function woff2Only(): Plugin {
  return {
    name: 'oj-woff2-only',
    enforce: 'pre',
    transform(code, id) {
      if (!/katex(\.min)?\.css$/.test(id.split('?')[0])) return null;
      return { code: code.replace(LEGACY_FONT_SOURCE, ''), map: null };
    },
  };
}

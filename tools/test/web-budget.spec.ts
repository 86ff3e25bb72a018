import { readdirSync } from 'fs';
import { join } from 'path';

const { firstRouteJs, DEFAULT_BUDGET_KB } = require('../web-budget.js');

// Issue 11: the first route ships at most 200 KB of gzipped JS; CodeMirror, KaTeX and the Markdown stack load
// with the routes that use them. Read from the SPA's build (`web:build`, which this project's test target runs
// first), the very files `npm start` serves.
describe('SPA first load', () => {
  const outDir = join(__dirname, '../../dist/web');

  it('ships the first route in the budget, without the editor or the Markdown and math stack', () => {
    const { files, gzipBytes } = firstRouteJs(outDir);
    expect(gzipBytes).toBeLessThanOrEqual(DEFAULT_BUDGET_KB * 1024);
    const names = files.map((f: { file: string }) => f.file).join(' ');
    expect(names).not.toMatch(/codemirror|katex|Markdown/i);
  });

  it('ships KaTeX fonts as woff2 only', () => {
    const fonts = readdirSync(join(outDir, 'assets')).filter((file) => /\.(woff2?|ttf)$/.test(file));
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.filter((file) => !file.endsWith('.woff2'))).toEqual([]);
  });
});

import { execFileSync } from 'child_process';
import { mkdtempSync, readdirSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

const { firstRouteJs, DEFAULT_BUDGET_KB } = require('../web-budget.js');

const root = join(__dirname, '../..');

// Issue 11: the first route ships at most 200 KB of gzipped JS; CodeMirror, KaTeX and the Markdown stack load
// with the routes that use them. Built into a directory of its own, so the browser tests' build is untouched.
describe('SPA first load', () => {
  const outDir = mkdtempSync(join(tmpdir(), 'oj-web-budget-'));
  beforeAll(() => {
    execFileSync(
      process.execPath,
      [
        join(root, 'node_modules/vite/bin/vite.js'),
        'build',
        '--config',
        'apps/web/vite.config.ts',
        '--outDir',
        outDir,
        '--emptyOutDir',
        '--logLevel',
        'error',
      ],
      {
        cwd: root,
        stdio: 'pipe',
      },
    );
  });
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

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

import { spawnSync } from 'child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'fs';
import { join } from 'path';

const root = join(__dirname, '../..');
const DOCS = [
  'README.md',
  'DEVELOPMENT.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/**
 * The repository paths a document names in backticks (inline code, or a line of a fenced block): those under
 * apps/, libs/, bench/, tools/, deploy/ and docs/, without trailing punctuation or a `:line`. `<feature>` and `*` stand for any one name.
 */
function namedPaths(markdown: string): string[] {
  const code = [...markdown.matchAll(/```[^\n]*\n([\s\S]*?)```|`([^`\n]+)`/g)].map((m) => m[1] ?? m[2]);
  const paths = code.flatMap((text) =>
    [...text.matchAll(/(?<![\w./-])((?:apps|libs|bench|tools|deploy|docs)\/[^\s`()'",;]*)/g)].map((m) => m[1]),
  );
  return [...new Set(paths.map((path) => path.replace(/[.:]+$/, '').replace(/(:\d+)+$/, '')))];
}

/** Whether something in the tree matches the path, each `<name>` or `*` segment standing for any entry. */
function matches(path: string): boolean {
  let candidates = [root];
  for (const segment of path.replace(/\/$/, '').split('/')) {
    const wildcard = /^(<[^>]+>|\*)$/.test(segment);
    candidates = candidates.flatMap((dir) => {
      if (!wildcard) return existsSync(join(dir, segment)) ? [join(dir, segment)] : [];
      if (!existsSync(dir) || !statSync(dir).isDirectory()) return [];
      return readdirSync(dir).map((entry) => join(dir, entry));
    });
  }
  return candidates.length > 0;
}

/** Paths git ignores are made by running something (`dist/`, the browser journeys' test-results/). */
function isGenerated(path: string): boolean {
  return spawnSync('git', ['check-ignore', '--quiet', '--no-index', path], { cwd: root }).status === 0;
}

describe('the paths the documentation names', () => {
  it('finds paths in inline code and in fenced blocks, placeholders and all', () => {
    const markdown = [
      'See `apps/api/src/main.ts:12.` and `npx jest -c apps/api/jest.config.js <file>`, not notapps/x.',
      '```',
      'libs/db             entities',
      '```',
      'Tests go in `apps/api/test/<feature>/`.',
    ].join('\n');
    expect(namedPaths(markdown)).toEqual(['apps/api/src/main.ts', 'apps/api/jest.config.js', 'libs/db', 'apps/api/test/<feature>/']);
  });

  it('reads paths out of the documents (they name many)', () => {
    const named = DOCS.flatMap((doc) => namedPaths(readFileSync(join(root, doc), 'utf8')));
    expect(named.length).toBeGreaterThan(50);
  });

  it.each(DOCS)('%s names only paths that exist', (doc) => {
    const paths = namedPaths(readFileSync(join(root, doc), 'utf8'));
    expect(paths.filter((path) => !matches(path) && !isGenerated(path))).toEqual([]);
  });
});

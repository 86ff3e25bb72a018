import { existsSync, readdirSync, readFileSync, statSync } from 'fs';
import { dirname, join, relative } from 'path';

const root = join(__dirname, '../..');

/** Every Markdown document of ours: the top level, docs/ and bench/ (node_modules, dist and test output aside). */
function documents(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      if (['node_modules', 'dist', '.git', '.nx', 'tmp', 'test-results'].includes(entry)) continue;
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) {
        if (dir === root && !['docs', 'bench', 'deploy'].includes(entry)) continue;
        walk(path);
      } else if (entry.endsWith('.md')) found.push(relative(root, path));
    }
  };
  walk(root);
  return found.sort();
}

/** Markdown without its fenced blocks, where a `#` or a bracket is text. */
function withoutFences(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '');
}

/** GitHub's heading anchors: lower case, punctuation dropped but `-` and `_`, spaces to `-`, repeats numbered. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of withoutFences(markdown).matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const text = heading.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[*_`]/g, '');
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** The relative links of a document (`[text](target)`), web addresses and mail left out. */
function relativeLinks(markdown: string): string[] {
  return [
    ...withoutFences(markdown)
      .replace(/`[^`\n]*`/g, '')
      .matchAll(/\]\(([^)\s]+)(?: "[^"]*")?\)/g),
  ]
    .map((match) => match[1])
    .filter((target) => !/^[a-z]+:/i.test(target));
}

/** What is wrong with a link from `doc`, or null: a missing file, or an anchor no heading of its file makes. */
function brokenLink(doc: string, target: string): string | null {
  const [file, anchor] = target.split('#');
  const path = file ? join(root, dirname(doc), decodeURIComponent(file)) : join(root, doc);
  if (!existsSync(path)) return `${doc}: ${target} (no such file)`;
  if (anchor === undefined || !path.endsWith('.md')) return null;
  return headingAnchors(readFileSync(path, 'utf8')).has(anchor) ? null : `${doc}: ${target} (no such heading)`;
}

describe('the links between the documents', () => {
  it('makes anchors as GitHub does', () => {
    const anchors = headingAnchors(
      '# Quick start\n## Time factors\n### `npm test` on a clean clone (≤ 5 min)\n## Time factors\n```\n# not a heading\n```',
    );
    expect([...anchors]).toEqual(['quick-start', 'time-factors', 'npm-test-on-a-clean-clone--5-min', 'time-factors-1']);
  });

  it('finds a broken link and a broken anchor', () => {
    expect(brokenLink('README.md', 'docs/nowhere.md')).toMatch(/no such file/);
    expect(brokenLink('README.md', 'docs/operating.md#no-such-part')).toMatch(/no such heading/);
    expect(brokenLink('README.md', 'docs/operating.md#security')).toBeNull();
  });

  it('every relative link leads to a file, and every anchor to a heading of it', () => {
    const docs = documents();
    expect(docs).toEqual(expect.arrayContaining(['README.md', 'DEVELOPMENT.md', 'docs/operating.md', 'bench/BENCHMARKS.md']));
    const links = docs.flatMap((doc) => relativeLinks(readFileSync(join(root, doc), 'utf8')).map((target) => ({ doc, target })));
    expect(links.length).toBeGreaterThan(20);
    expect(links.map(({ doc, target }) => brokenLink(doc, target)).filter(Boolean)).toEqual([]);
  });
});

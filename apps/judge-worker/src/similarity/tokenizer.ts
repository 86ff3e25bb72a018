import type { Parser, TreeCursor } from '@lezer/common';
import { parser as cppParser } from '@lezer/cpp';
import { parser as goParser } from '@lezer/go';
import { parser as javaParser } from '@lezer/java';
import { parser as javascriptParser } from '@lezer/javascript';
import { parser as pythonParser } from '@lezer/python';
import { parser as rustParser } from '@lezer/rust';

/**
 * A source as the similarity check sees it: a stream of tokens from the Lezer grammar of its language (the same
 * grammars the editor highlights with), each a 32-bit hash of its normalised text and its place in the source.
 * Every name becomes one token and every literal another, so renaming variables or changing constants changes
 * nothing; comments and whitespace are dropped.
 */
export interface TokenStream {
  hashes: Uint32Array;
  /** Character offsets of each token in the source, end exclusive. */
  starts: Uint32Array;
  ends: Uint32Array;
}

/** A tokenizer: the grammar of a family of languages whose sources are compared with each other. */
export interface Tokenizer {
  /** The family's name, shown in reports (C and C++ share one grammar, and are compared with each other). */
  family: string;
  parser: Parser;
}

/** Which grammar reads which language, by the start of the language's name (the local and Judge0 names alike). */
const TOKENIZERS: readonly { name: RegExp; tokenizer: Tokenizer }[] = [
  { name: /^C(\+\+)?(\s|$)/, tokenizer: { family: 'C/C++', parser: cppParser } },
  { name: /^Python(\s|$)/, tokenizer: { family: 'Python', parser: pythonParser } },
  { name: /^Java(\s|$)/, tokenizer: { family: 'Java', parser: javaParser } },
  { name: /^JavaScript(\s|$)/, tokenizer: { family: 'JavaScript/TypeScript', parser: javascriptParser } },
  {
    name: /^TypeScript(\s|$)/,
    tokenizer: { family: 'JavaScript/TypeScript', parser: javascriptParser.configure({ dialect: 'ts' }) },
  },
  { name: /^Go(\s|$)/, tokenizer: { family: 'Go', parser: goParser } },
  { name: /^Rust(\s|$)/, tokenizer: { family: 'Rust', parser: rustParser } },
];

/** The tokenizer of a language by its name ("C++ (GCC 12.2.0)"), or null for a language the check cannot read. */
export function tokenizerFor(languageName: string): Tokenizer | null {
  return TOKENIZERS.find((t) => t.name.test(languageName))?.tokenizer ?? null;
}

/** Node names across the grammars: names of things (variables, functions, types, fields) and literals. */
const NAME_NODE = /Identifier|Name|Definition|Label/;
const LITERAL_NODE = /String|Number|Literal|^Char|Integer|Float|Rune|Boolean|^(True|False|None|null)$/;
const COMMENT_NODE = /Comment/;
/** Text no node covers (punctuation many grammars leave out of the tree): words and single symbols. */
const GAP_TOKEN = /\w+|[^\s\w]/g;

const NAME_HASH = hashText('\u0001name');
const LITERAL_HASH = hashText('\u0001literal');

/** The source's tokens, normalised; a source the grammar cannot fully parse is still read (Lezer recovers). */
export function tokenize(source: string, tokenizer: Tokenizer): TokenStream {
  const hashes: number[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  const push = (hash: number, start: number, end: number) => {
    hashes.push(hash);
    starts.push(start);
    ends.push(end);
  };
  let covered = 0;
  const gap = (until: number) => {
    GAP_TOKEN.lastIndex = 0;
    const text = source.slice(covered, until);
    for (let m = GAP_TOKEN.exec(text); m; m = GAP_TOKEN.exec(text))
      push(hashText(m[0]), covered + m.index, covered + m.index + m[0].length);
    covered = Math.max(covered, until);
  };
  const cursor: TreeCursor = tokenizer.parser.parse(source).cursor();
  for (;;) {
    const { name, from, to } = cursor;
    const literal = LITERAL_NODE.test(name);
    if (literal || COMMENT_NODE.test(name) || !cursor.firstChild()) {
      // A leaf, or a node read whole (a literal with escapes or interpolations inside, a comment).
      if (from >= covered && to > from) {
        gap(from);
        if (!COMMENT_NODE.test(name))
          push(literal ? LITERAL_HASH : NAME_NODE.test(name) ? NAME_HASH : hashText(source.slice(from, to)), from, to);
        covered = to;
      }
      while (!cursor.nextSibling()) if (!cursor.parent()) return finish(gap, source.length, hashes, starts, ends);
    }
  }
}

function finish(gap: (until: number) => void, length: number, hashes: number[], starts: number[], ends: number[]): TokenStream {
  gap(length);
  return { hashes: Uint32Array.from(hashes), starts: Uint32Array.from(starts), ends: Uint32Array.from(ends) };
}

/** FNV-1a, 32 bits: a token's text to its hash. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

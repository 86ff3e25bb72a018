import { MAX_STATEMENT_BYTES } from '@oj/contracts';

import { ArchiveRejectedError } from '../zip/test-archive-reader';

/** A statement file's LaTeX is read up to twice what a statement may hold once converted (its markup shrinks). */
export const MAX_STATEMENT_LATEX_BYTES = 2 * MAX_STATEMENT_BYTES;

/** A package's statement file as Markdown; one larger than MAX_STATEMENT_LATEX_BYTES is refused, naming it, unread. */
export function statementFileToMarkdown(latex: string, path: string): ConvertedLatex {
  if (Buffer.byteLength(latex) > MAX_STATEMENT_LATEX_BYTES)
    throw new ArchiveRejectedError(`${path} is larger than ${MAX_STATEMENT_LATEX_BYTES / 1024} KiB: no statement is that long.`);
  return latexToMarkdown(latex);
}

/** Markdown from a Polygon statement section, and the LaTeX it could not convert (kept in the text, never dropped). */
export interface ConvertedLatex {
  markdown: string;
  leftovers: string[];
}

/** Inline commands with one argument and the Markdown around their argument; they nest. */
const INLINE: Record<string, string> = {
  textbf: '**',
  emph: '*',
  textit: '*',
  t: '`',
  texttt: '`',
  tt: '`',
  underline: '',
  textrm: '',
  textsf: '',
  mbox: '',
};

/** Simple replacements outside math: Polygon's quotes and dashes, `~`, escaped symbols, forced line breaks. */
const SYMBOLS: [RegExp, string][] = [
  [/<<|\\guillemotleft\{?\}?/g, '«'],
  [/>>|\\guillemotright\{?\}?/g, '»'],
  [/---/g, '—'],
  [/--/g, '–'],
  [/(?<!\\)~/g, ' '],
  [/\\\\\s*/g, '  \n'],
  [/\\([%&#_{}])/g, '$1'],
  [/\\ldots|\\dots/g, '…'],
];

/**
 * Polygon's statement LaTeX as our Markdown: `$…$` and `$$…$$` math is kept byte for byte (the SPA renders it);
 * the usual text commands, lists and quotes become Markdown. Every other command is reported, so an import never
 * loses text silently.
 */
export function latexToMarkdown(latex: string): ConvertedLatex {
  const math: string[] = [];
  let text = inlineToMarkdown(latex.replace(/\r\n/g, '\n').replace(/(?<!\\)%.*$/gm, ''), math);
  text = lists(text);
  for (const [pattern, replacement] of SYMBOLS) text = text.replace(pattern, replacement);
  const leftovers = [...new Set(text.match(/\\[A-Za-z]+/g) ?? [])];
  const markdown = trimLineEnds(text.replace(/\uE000(\d+)\uE000/g, (_, i: string) => math[Number(i)]))
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { markdown, leftovers };
}

/**
 * One scan of the text, so time grows with its length whatever its nesting (issue 32: a pass per nesting level made
 * `\textbf{` x 6000 take seconds). Math (`$…$`, `$$…$$`) goes behind placeholders (a private-use character) kept
 * in `math`, so nothing later rewrites it; each inline command of INLINE becomes its Markdown, nested ones too. A
 * command whose brace never closes, and a plain `{…}` group, are left as they are.
 */
function inlineToMarkdown(text: string, math: string[]): string {
  const out: string[] = [];
  // Open groups: the index in `out` of their opening piece, that piece as written, and what closes it.
  const open: { at: number; literal: string; close: string }[] = [];
  let noDisplayClose = false;
  let noInlineClose = false;
  const displayMathEnd = (from: number) => {
    const close = noDisplayClose ? -1 : text.indexOf('$$', from + 2);
    return close < 0 ? -1 : close + 2;
  };
  const inlineMathEnd = (from: number) => (noInlineClose ? -1 : closingDollar(text, from + 1));
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '$') {
      const display = text.startsWith('$$', i);
      const end = display ? displayMathEnd(i) : inlineMathEnd(i);
      if (end < 0) {
        // Unclosed here, so unclosed from any later `$` too: remembered, or each would search to the end again.
        if (display) noDisplayClose = true;
        else noInlineClose = true;
      }
      const stop = end < 0 ? i + (display ? 2 : 1) : end;
      out.push(end < 0 ? text.slice(i, stop) : `\uE000${math.push(text.slice(i, stop)) - 1}\uE000`);
      i = stop;
      continue;
    }
    if (c === '\\') {
      const name = /^[A-Za-z]+/.exec(text.slice(i + 1, i + 40))?.[0];
      if (name && INLINE[name] !== undefined && text[i + 1 + name.length] === '{') {
        open.push({ at: out.length, literal: `\\${name}{`, close: INLINE[name] });
        out.push(INLINE[name]);
        i += name.length + 2;
        continue;
      }
      // An escaped character (`\{`, `\\`, `\$`) or another command passes through whole, for the replacements below.
      const length = name ? name.length + 1 : 2;
      out.push(text.slice(i, i + length));
      i += length;
      continue;
    }
    if (c === '{') {
      open.push({ at: out.length, literal: '{', close: '}' });
      out.push('{');
    } else if (c === '}' && open.length) out.push(open.pop()?.close ?? '');
    else out.push(c);
    i++;
  }
  for (const group of open) out[group.at] = group.literal;
  return out.join('');
}

/** Just past the `$` that closes inline math whose body starts at `from`, skipping escaped characters; -1 when none does. */
function closingDollar(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '$') return i > from ? i + 1 : -1;
  }
  return -1;
}

/** Trailing blanks dropped line by line; two or more spaces before a line break stay a Markdown hard break. */
function trimLineEnds(text: string): string {
  const lines = text.split('\n');
  return lines
    .map((line, index) => {
      if (index === lines.length - 1) return line;
      const trimmed = line.replace(/[ \t]+$/, '');
      return trimmed.length < line.length && line.slice(trimmed.length).startsWith('  ') ? `${trimmed}  ` : trimmed;
    })
    .join('\n');
}

/** `itemize` and `enumerate` (nested too) as Markdown lists, indented two spaces per level. */
function lists(text: string): string {
  const stack: ('-' | '1.')[] = [];
  return text
    .split('\n')
    .map((line) => {
      let out = line.replace(/\\begin\{(itemize|enumerate)\}/g, (_, kind: string) => {
        stack.push(kind === 'itemize' ? '-' : '1.');
        return '';
      });
      out = out.replace(/\\end\{(?:itemize|enumerate)\}/g, () => {
        stack.pop();
        return '';
      });
      const depth = Math.max(stack.length - 1, 0);
      return out
        .replace(/^\s*\\item\s*/, () => `\n${'  '.repeat(depth)}${stack[stack.length - 1] ?? '-'} `)
        .replace(/\\item\s*/g, `\n${'  '.repeat(depth)}${stack[stack.length - 1] ?? '-'} `);
    })
    .join('\n')
    .replace(/\n\n([ \t]*(?:-|1\.) )/g, '\n$1');
}

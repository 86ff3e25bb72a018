/** Markdown from a Polygon statement section, and the LaTeX it could not convert (kept in the text, never dropped). */
export interface ConvertedLatex {
  markdown: string;
  leftovers: string[];
}

/** Inline commands with one argument and their Markdown, applied innermost first so they nest. */
const INLINE: [RegExp, (body: string) => string][] = [
  [/\\textbf\{([^{}]*)\}/g, (b) => `**${b}**`],
  [/\\(?:emph|textit)\{([^{}]*)\}/g, (b) => `*${b}*`],
  [/\\(?:t|texttt|tt)\{([^{}]*)\}/g, (b) => `\`${b}\``],
  [/\\(?:underline|textrm|textsf|mbox)\{([^{}]*)\}/g, (b) => b],
];

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
  // Math first, behind placeholders (a private-use character), so nothing below rewrites it; comments (unescaped %) go.
  let text = latex
    .replace(/\r\n/g, '\n')
    .replace(/(?<!\\)%.*$/gm, '')
    .replace(/\$\$[\s\S]*?\$\$|\$(?:\\.|[^$\\])+\$/g, (m) => `\uE000${math.push(m) - 1}\uE000`);
  for (let changed = true; changed;) {
    changed = false;
    for (const [pattern, render] of INLINE) {
      const next = text.replace(pattern, (_, body: string) => render(body));
      changed ||= next !== text;
      text = next;
    }
  }
  text = lists(text);
  for (const [pattern, replacement] of SYMBOLS) text = text.replace(pattern, replacement);
  const leftovers = [...new Set(text.match(/\\[A-Za-z]+/g) ?? [])];
  const markdown = text
    .replace(/\uE000(\d+)\uE000/g, (_, i: string) => math[Number(i)])
    .replace(/[ \t]+\n/g, (m) => (m.startsWith('  ') ? '  \n' : '\n'))
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { markdown, leftovers };
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
    .replace(/\n\n(\s*(?:-|1\.) )/g, '\n$1');
}

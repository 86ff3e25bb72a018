/**
 * Which class a Java submission is, as Kattis and DOMjudge decide it: the source is always received as one file
 * (saved as `Main.java` by default), but javac wants a public class in a file of its name, and the JVM must be told
 * which class to start. The public top-level class names the file; the class to run is the top-level class with
 * `public static void main` (the public one when several have it); a `package` line puts both in that package.
 * Only the source's own text is read: comments and literals are blanked first, so neither can fool the scan.
 */
export interface JavaEntry {
  /** The declared package (`a.b`), or null for the unnamed package. */
  packageName: string | null;
  /** The file javac must read the source from: `<public class>.java`, `Main.java` without a public class. */
  sourceFile: string;
  /** The simple name of the class to run (the JVM gets it qualified with the package). */
  mainClass: string;
  /** The top-level types, by simple name, the source declares. */
  topLevelTypes: string[];
}

const IDENTIFIER = '[A-Za-z_$][\\w$]*';
const DEFAULT_CLASS = 'Main';

/** The source with comments, strings, text blocks and character literals replaced by spaces (newlines kept). */
export function blankJavaLiterals(source: string): string {
  const out = source.split('');
  const blank = (from: number, to: number) => {
    for (let i = from; i < to && i < out.length; i++) if (out[i] !== '\n') out[i] = ' ';
  };
  let i = 0;
  while (i < source.length) {
    const two = source.slice(i, i + 2);
    let end: number;
    if (two === '//') end = source.indexOf('\n', i) === -1 ? source.length : source.indexOf('\n', i);
    else if (two === '/*') end = source.indexOf('*/', i + 2) === -1 ? source.length : source.indexOf('*/', i + 2) + 2;
    else if (source.startsWith('"""', i)) end = closing(source, i + 3, '"""');
    else if (source[i] === '"' || source[i] === "'") end = closing(source, i + 1, source[i]);
    else {
      i++;
      continue;
    }
    blank(i, end);
    i = end;
  }
  return out.join('');
}

/** Where a literal opened before `from` ends: past its unescaped `quote` (or at the end of the line for a broken one). */
function closing(source: string, from: number, quote: string): number {
  for (let i = from; i < source.length; i++) {
    if (source[i] === '\\') i++;
    else if (source.startsWith(quote, i)) return i + quote.length;
    else if (source[i] === '\n' && quote.length === 1) return i;
  }
  return source.length;
}

/** Each character's brace depth in a blanked source. */
function braceDepths(code: string): number[] {
  const depths: number[] = [];
  let depth = 0;
  for (const ch of code) {
    if (ch === '}') depth = Math.max(0, depth - 1);
    depths.push(depth);
    if (ch === '{') depth++;
  }
  return depths;
}

/** The modifiers and annotations written before `index`, back to the previous declaration's end. */
function modifiersBefore(code: string, index: number): string {
  const start = Math.max(code.lastIndexOf(';', index), code.lastIndexOf('}', index), code.lastIndexOf('{', index)) + 1;
  return code.slice(start, index);
}

interface TopLevelType {
  name: string;
  isPublic: boolean;
  hasMain: boolean;
}

function topLevelTypes(code: string): TopLevelType[] {
  const depths = braceDepths(code);
  const types: (TopLevelType & { bodyStart: number; bodyEnd: number })[] = [];
  for (const match of code.matchAll(new RegExp(`\\b(?:class|interface|enum|record)\\s+(${IDENTIFIER})`, 'g'))) {
    const at = match.index ?? 0;
    if (depths[at] !== 0 || /[.@]\s*$/.test(code.slice(0, at))) continue;
    const bodyStart = code.indexOf('{', at);
    if (bodyStart === -1) continue;
    let bodyEnd = bodyStart + 1;
    while (bodyEnd < code.length && depths[bodyEnd] > 0) bodyEnd++;
    const isPublic = /\bpublic\b/.test(modifiersBefore(code, at));
    types.push({ name: match[1], isPublic, hasMain: false, bodyStart, bodyEnd });
  }
  for (const match of code.matchAll(/\bvoid\s+main\s*\(/g)) {
    const at = match.index ?? 0;
    const modifiers = modifiersBefore(code, at);
    if (depths[at] !== 1 || !/\bstatic\b/.test(modifiers) || !/\bpublic\b/.test(modifiers)) continue;
    const owner = types.find((t) => t.bodyStart < at && at < t.bodyEnd);
    if (owner) owner.hasMain = true;
  }
  return types.map(({ name, isPublic, hasMain }) => ({ name, isPublic, hasMain }));
}

/** The submission's file and main class; a string says why it cannot be compiled (a compile error). */
export function javaEntry(source: string): JavaEntry | string {
  const code = blankJavaLiterals(source);
  const pkg = new RegExp(`^\\s*(?:@${IDENTIFIER}(?:\\([^)]*\\))?\\s*)*package\\s+(${IDENTIFIER}(?:\\s*\\.\\s*${IDENTIFIER})*)\\s*;`).exec(
    code,
  );
  const packageName = pkg ? pkg[1].replace(/\s+/g, '') : null;
  const types = topLevelTypes(code);
  const publics = types.filter((t) => t.isPublic);
  if (publics.length > 1)
    return `Only one top-level class may be public, as the source is one file: ${publics.map((t) => t.name).join(', ')} are.`;
  const withMain = types.filter((t) => t.hasMain);
  const main = withMain.find((t) => t.isPublic) ?? withMain[0] ?? publics[0] ?? types.find((t) => t.name === DEFAULT_CLASS);
  return {
    packageName,
    sourceFile: `${publics[0]?.name ?? DEFAULT_CLASS}.java`,
    mainClass: main?.name ?? DEFAULT_CLASS,
    topLevelTypes: types.map((t) => t.name),
  };
}

/** The class name the JVM is given: qualified with the package. */
export function qualifiedMainClass(entry: JavaEntry): string {
  return entry.packageName ? `${entry.packageName}.${entry.mainClass}` : entry.mainClass;
}

/**
 * The same program as one `Main.java` whose class `Main` starts it, for a runner that compiles `javac Main.java`
 * and runs `java Main` whatever the source says (Judge0): the package line and the public class's `public` are
 * blanked (same lines and columns, so compiler messages still point at the submitted text), and, when the class
 * to run is not `Main`, a class `Main` calling its `main` is appended. A single file's classes see each other
 * alike in any package, so the program behaves as the local engine runs it. A string: why it cannot be done.
 */
export function asMainJava(source: string): string | { compileError: string } {
  const entry = javaEntry(source);
  if (typeof entry === 'string') return { compileError: entry };
  if (entry.mainClass !== DEFAULT_CLASS && entry.topLevelTypes.includes(DEFAULT_CLASS))
    return { compileError: `The class to run is ${entry.mainClass}, but the source also declares a class Main.` };
  const code = blankJavaLiterals(source);
  let text = source;
  const blankAt = (from: number, length: number) => (text = text.slice(0, from) + ' '.repeat(length) + text.slice(from + length));
  const pkg = /\bpackage\s+[^;]*;/.exec(code);
  if (entry.packageName && pkg) blankAt(pkg.index, pkg[0].length);
  if (entry.sourceFile !== `${DEFAULT_CLASS}.java`) {
    const name = entry.sourceFile.slice(0, -'.java'.length);
    const declaration = new RegExp(`\\b(?:class|interface|enum|record)\\s+${name.replace(/\$/g, '\\$')}\\b`).exec(code);
    const modifiers = declaration ? modifiersBefore(code, declaration.index) : '';
    const publicAt = declaration ? declaration.index - modifiers.length + modifiers.search(/\bpublic\b/) : -1;
    if (publicAt >= 0) blankAt(publicAt, 'public'.length);
  }
  if (entry.mainClass === DEFAULT_CLASS) return text;
  return `${text}\nclass Main { public static void main(String[] args) throws Throwable { ${entry.mainClass}.main(args); } }\n`;
}

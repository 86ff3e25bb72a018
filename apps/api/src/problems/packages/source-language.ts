/** Judge0 CE ids of source file endings, as the ICPC format's language table gives them. */
const ENDINGS: Record<string, number> = {
  cpp: 54,
  cc: 54,
  cxx: 54,
  'c++': 54,
  C: 54,
  c: 50,
  py: 71,
  py3: 71,
  java: 62,
  go: 60,
  rs: 73,
  js: 63,
  ts: 74,
};
/** The file ending this judge writes for a language's source (the first the table gives it); undefined for one it lacks. */
export function sourceEnding(languageId: number): string | undefined {
  return Object.keys(ENDINGS).find((ending) => ENDINGS[ending] === languageId);
}

/** Judge0 CE ids of Polygon's source types (`cpp.g++17`, `python.3`). */
const POLYGON_TYPES: [RegExp, number][] = [
  [/^cpp\./, 54],
  [/^c\./, 50],
  [/^(?:python\.3|python3|pypy\.3)/, 71],
  [/^java/, 62],
];

/** The Judge0 language of a package's source, from its file name's ending or Polygon's type; undefined for any other. */
export function sourceLanguage(typeOrPath: string): number | undefined {
  const ending = /\.([^./]+)$/.exec(typeOrPath)?.[1];
  if (ending !== undefined && Object.hasOwn(ENDINGS, ending)) return ENDINGS[ending];
  return POLYGON_TYPES.find(([pattern]) => pattern.test(typeOrPath))?.[1];
}

/**
 * Python 2, which this judge does not run, told apart from Python 3 as Kattis and DOMjudge do: the `.py2` ending, a
 * `python2` shebang; and, as packages name them, a `_py2`/`-py2` stem or a Python 2 `print` statement.
 */
export function isPython2(path: string, source: string): boolean {
  if (/\.py2$/.test(path)) return true;
  if (!/\.py$/.test(path)) return false;
  if (/[_.-]py2\.py$/i.test(path)) return true;
  const shebang = /^#!.*/.exec(source)?.[0] ?? '';
  if (/python2/.test(shebang)) return true;
  if (/python3/.test(shebang)) return false;
  return /^[ \t]*print[ \t]+[^(\s=]/m.test(source) || /^[ \t]*exec[ \t]+["']/m.test(source);
}

/**
 * The Judge0 language a package's submission runs in here, from its path and source (a `.py` file in Python 2 runs in
 * none); undefined for one this judge does not run.
 */
export function submissionLanguage(path: string, source: string): number | undefined {
  if (isPython2(path, source)) return undefined;
  return sourceLanguage(path);
}

/** Judge0 CE ids of the languages packages name their sources in (Polygon's `cpp.g++17`, Kattis' extensions). */
const LANGUAGES: [RegExp, number][] = [
  [/^(?:cpp\.|.*\.(?:cpp|cc|cxx)$)/, 54],
  [/^(?:c\.|.*\.c$)/, 50],
  [/^(?:python\.3|python3|pypy\.3|.*\.py$)/, 71],
  [/^(?:java|.*\.java$)/, 62],
];

/** The Judge0 language of a package's source, from its type or file name; undefined for any other. */
export function sourceLanguage(typeOrPath: string): number | undefined {
  return LANGUAGES.find(([pattern]) => pattern.test(typeOrPath))?.[1];
}

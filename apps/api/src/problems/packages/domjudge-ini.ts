import type { PackageFiles } from './package-files';

/** DOMjudge's metadata file beside an ICPC package's, which marks a package on its own (DOMjudge's hello has no problem.yaml). */
export const DOMJUDGE_MARKER = 'domjudge-problem.ini';

/**
 * `domjudge-problem.ini`'s `key = value` pairs (DOMjudge's problem format: whitespace around `=` optional, a value
 * may be quoted, and then may hold newlines); empty when the package has none.
 */
export function readDomjudgeIni(files: PackageFiles): Record<string, string> {
  const text = files.text(DOMJUDGE_MARKER) ?? '';
  const pairs: Record<string, string> = {};
  for (const [, key, quoted, singly, bare] of text.matchAll(/^[ \t]*([\w-]+)[ \t]*=[ \t]*(?:"([^"]*)"|'([^']*)'|([^\r\n]*))/gm))
    pairs[key] = (quoted ?? singly ?? bare).trim();
  return pairs;
}

import type { LanguageTemplate } from '@oj/contracts';

import type { PackageEntry, PackageFiles } from './package-files';
import { sourceEnding, sourceLanguage } from './source-language';

/**
 * A problem's templates (starter code per language) in a package: `templates/<languageId>.<ending>`, the language's
 * Judge0 id named outright since several languages share an ending. The folder is this judge's own: the ICPC and
 * Polygon formats have no place for starter code, and DOMjudge and Kattis ignore a folder they do not know.
 */
export const TEMPLATES_FOLDER = 'templates/';

export function templateEntries(templates: LanguageTemplate[]): PackageEntry[] {
  return templates.map((t) => ({
    path: `${TEMPLATES_FOLDER}${t.languageId}.${sourceEnding(t.languageId) ?? 'txt'}`,
    content: t.sourceCode,
  }));
}

/**
 * The templates a package holds, in any format: `templates/<languageId>.<ending>` as the export writes them, or a
 * hand-made `templates/<name>.<ending>` whose ending names the language (`.cpp`, `.py`). A file whose language is
 * unknown, or a second one for a language, is left out with a warning; the problem form's rules (size, count) then
 * check the rest as they check a save.
 */
export function readPackageTemplates(files: PackageFiles, warnings: string[]): LanguageTemplate[] {
  const templates: LanguageTemplate[] = [];
  for (const path of files
    .paths()
    .filter((p) => p.startsWith(TEMPLATES_FOLDER) && !p.endsWith('/'))
    .sort()) {
    const stem = path.slice(TEMPLATES_FOLDER.length).split('.')[0];
    const languageId = /^\d+$/.test(stem) ? Number(stem) : sourceLanguage(path);
    if (languageId === undefined)
      warnings.push(`${path}: the template's language is unknown (name it <languageId>.<ending>), so it is left out.`);
    else if (templates.some((t) => t.languageId === languageId))
      warnings.push(`${path}: a second template for language ${languageId}, so it is left out.`);
    else templates.push({ languageId, sourceCode: files.text(path) as string });
  }
  return templates;
}

import { MAX_SUPPORT_FILES, MAX_SUPPORT_FILES_BYTES, SUPPORT_FILE_NAME, ValidatorSupportFile } from '@oj/contracts';

import { namedBriefly, type PackageFiles } from './package-files';

const QUOTED_INCLUDE = /^\s*#\s*include\s*"([^"\n]+)"/gm;
const TESTLIB = 'testlib.h';

/**
 * The headers a jury program's source includes in quotes (`#include "testlib.h"`) that its package holds beside it,
 * followed through the headers themselves, as support files: the package's own testlib.h, which the author compiled
 * the checker against (upstream testlib, larger than the subset this judge's header implements), and any header of
 * its own. A quoted include is found in the source's folder before the include path, so these win over ours
 * (within the support files' bounds: see boundedSupportFiles).
 */
export function includedHeaders(files: PackageFiles, sourcePath: string, source: string, warnings: string[]): ValidatorSupportFile[] {
  const folder = sourcePath.includes('/') ? sourcePath.slice(0, sourcePath.lastIndexOf('/') + 1) : '';
  const found = new Map<string, string>();
  const queue = [source];
  for (let text = queue.shift(); text !== undefined; text = queue.shift()) {
    for (const [, name] of text.matchAll(QUOTED_INCLUDE)) {
      const path = `${folder}${name}`;
      if (found.has(name) || !SUPPORT_FILE_NAME.test(name) || !files.has(path) || !files.isText(path)) continue;
      const content = files.text(path) as string;
      found.set(name, content);
      queue.push(content);
    }
  }
  return boundedSupportFiles(
    [...found].map(([name, content]) => ({ name, content })),
    sourcePath,
    warnings,
  );
}

/**
 * A jury program's support files within their bounds (MAX_SUPPORT_FILES, MAX_SUPPORT_FILES_BYTES): as they are when
 * they fit; else without the package's testlib.h (this judge's serves instead), else none, with a warning.
 */
export function boundedSupportFiles(supportFiles: ValidatorSupportFile[], owner: string, warnings: string[]): ValidatorSupportFile[] {
  if (fits(supportFiles)) return supportFiles;
  const withoutTestlib = supportFiles.filter((f) => f.name !== TESTLIB);
  const kept = fits(withoutTestlib) ? withoutTestlib : [];
  warnings.push(
    `${owner}'s files (${namedBriefly(supportFiles.map((f) => f.name))}) are more than a jury program may carry (${MAX_SUPPORT_FILES} files, ${MAX_SUPPORT_FILES_BYTES / 1024} KiB together): ${
      kept.length
        ? "the package's testlib.h is left out, this judge's serves instead"
        : "they are left out, this judge's testlib.h serves instead"
    }.`,
  );
  return kept;
}

function fits(files: ValidatorSupportFile[]): boolean {
  return (
    files.length <= MAX_SUPPORT_FILES && files.reduce((sum, f) => sum + Buffer.byteLength(f.content, 'utf8'), 0) <= MAX_SUPPORT_FILES_BYTES
  );
}

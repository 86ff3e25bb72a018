import { CheckerSettings, InteractorSettings, MAX_CHECKER_SOURCE_BYTES } from '@oj/contracts';

import { whyNotText } from '../test-data-text';
import type { ArchiveFile } from './test-archive-reader';

/** A kind of jury program a Polygon-style package carries: its file names in the order one is preferred, and folders. */
interface JuryFiles {
  role: 'checker' | 'interactor';
  names: { name: string; languageId: number; language: string }[];
  folders: string[];
}

const C_AND_CPP = (stems: string[]) =>
  [
    ...stems.map((stem) => ({ name: `${stem}.cpp`, languageId: 54, language: 'C++' })),
    ...stems.map((stem) => ({ name: `${stem}.c`, languageId: 50, language: 'C' })),
  ] as JuryFiles['names'];

const CHECKER_FILES: JuryFiles = { role: 'checker', names: C_AND_CPP(['checker', 'check']), folders: ['', 'checker/'] };
const INTERACTOR_FILES: JuryFiles = { role: 'interactor', names: C_AND_CPP(['interactor', 'interact']), folders: ['', 'interactor/'] };

export interface ArchiveJury {
  /** The custom checker found, if any fits; absent when none is in the archive or it is too large. */
  checker?: CheckerSettings;
  /** The interactor found (the problem is then interactive), on the same terms. */
  interactor?: InteractorSettings;
  /** The archive's other files, for pairing into tests. */
  files: ArchiveFile[];
  warnings: string[];
}

function rank(kind: JuryFiles, path: string): number {
  const lower = path.toLowerCase();
  for (const [f, folder] of kind.folders.entries()) {
    const i = kind.names.findIndex((c) => lower === folder + c.name);
    if (i >= 0) return f * kind.names.length + i;
  }
  return -1;
}

/** Takes one kind's source out of `files`: the first by its order (root first); others skipped with a warning. */
function takeSource(kind: JuryFiles, files: ArchiveFile[]) {
  const candidates = files.filter((f) => rank(kind, f.path) >= 0).sort((a, b) => rank(kind, a.path) - rank(kind, b.path));
  const rest = files.filter((f) => !candidates.includes(f));
  const [chosen, ...others] = candidates;
  if (!chosen) return { files: rest, warnings: [] };
  const warnings = others.map((f) => `Skipped ${f.path}: ${chosen.path} is the ${kind.role}.`);
  if (chosen.content.length > MAX_CHECKER_SOURCE_BYTES)
    return { files: rest, warnings: [`Skipped ${chosen.path}: a ${kind.role} source must be at most 64 KiB.`, ...warnings] };
  if (whyNotText(chosen.content))
    return { files: rest, warnings: [`Skipped ${chosen.path}: a ${kind.role} source must be UTF-8 text without NUL bytes.`, ...warnings] };
  const { languageId, language } = kind.names[rank(kind, chosen.path) % kind.names.length];
  const found = kind.role === 'checker' ? 'set as the custom checker' : 'set as the interactor: the problem is interactive';
  return {
    source: { languageId, source: chosen.content.toString('utf8') },
    files: rest,
    warnings: [`Found ${chosen.path}: ${found} (${language}).`, ...warnings],
  };
}

/**
 * Takes the jury's sources out of an archive's files: a checker (`checker.cpp`, `check.cpp`, `checker.c` or
 * `check.c`, at the root or in `checker/`), which becomes a `custom` checker, and an interactor (`interactor.cpp`,
 * `interact.cpp`, `interactor.c` or `interact.c`, at the root or in `interactor/`). Of each, the first by that order
 * (root first) is taken; any other is skipped with a warning, and so is a source over the API's 64 KiB cap or one
 * that is not text.
 */
export function takeJurySources(files: ArchiveFile[]): ArchiveJury {
  const checker = takeSource(CHECKER_FILES, files);
  const interactor = takeSource(INTERACTOR_FILES, checker.files);
  return {
    ...(checker.source ? { checker: { type: 'custom', ...checker.source } } : {}),
    ...(interactor.source ? { interactor: interactor.source } : {}),
    files: interactor.files,
    warnings: [...checker.warnings, ...interactor.warnings],
  };
}

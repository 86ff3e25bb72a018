import { CheckerSettings, ICPC_VALIDATOR_LANGUAGE_IDS, InteractorSettings, ValidatorSupportFile } from '@oj/contracts';

import { groupSettings, Yaml } from './icpc-test-data';
import { boundedSupportFiles } from './jury-headers';
import type { ImportedProblem, PackageFiles } from './package-files';
import { sourceLanguage } from './source-language';

/** The flags of the default output validator that match our built-in checkers. */
function checkerFromFlags(flags: string[]): CheckerSettings {
  const joined = flags.join(' ');
  const tolerance = /float_(?:absolute_|relative_)?tolerance\s+(\S+)/.exec(joined);
  if (tolerance) return { type: 'float', epsilon: Number(tolerance[1]) };
  if (/\bspace_change_sensitive\b/.test(joined)) return { type: 'lines' };
  return { type: 'tokens' };
}

/** Arguments as a list: the formats give them as one space-separated string (legacy) or a sequence (2023-07). */
function argumentList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string' || typeof value === 'number') return String(value).split(/\s+/).filter(Boolean);
  return [];
}

/**
 * The output validator's arguments: problem.yaml's `validator_flags` (legacy), then the `output_validator_flags`
 * (legacy) or `output_validator_args` (2023-07) of `data/` and `data/secret/`, which every test inherits. Groups that
 * set other arguments are named in a warning: a problem here has one set of arguments.
 */
export function validatorFlags(files: PackageFiles, meta: Yaml, warnings: string[]): string[] {
  const fromGroup = (settings: Yaml | undefined) => argumentList(settings?.output_validator_args ?? settings?.output_validator_flags);
  const flags = [
    ...argumentList(meta.validator_flags),
    ...fromGroup(groupSettings(files, 'data')),
    ...fromGroup(groupSettings(files, 'data/secret')),
  ];
  const groups = [...new Set(files.paths().map((p) => /^data\/secret\/([^/]+)\/(?:testdata|test_group)\.yaml$/.exec(p)?.[1]))].filter(
    (g): g is string => !!g,
  );
  const differing = groups.filter((g) => {
    const own = fromGroup(groupSettings(files, `data/secret/${g}`));
    return own.length > 0 && own.join(' ') !== flags.join(' ');
  });
  if (differing.length)
    warnings.push(`Output validator arguments of group ${differing.join(', ')} are not used: every test gets "${flags.join(' ')}".`);
  return flags;
}

const HEADER = /\.(?:h|hpp|hh|hxx)$/;

/**
 * The custom output validator of `output_validator/` (2023-07) or `output_validators/<name>/` (legacy): its main
 * source (the C or C++ file with `main`, or the Python file, `validator.py` first) and the folder's other text files as
 * support files, by plain name. Undefined when there is none, or a reason when it cannot be run here.
 */
function findValidator(
  files: PackageFiles,
): { path: string; languageId: number; source: string; supportFiles: ValidatorSupportFile[] } | string | undefined {
  const inFolder = files.paths().filter((p) => /^output_validators?\//.test(p));
  if (!inFolder.length) return undefined;
  const folders = [...new Set(inFolder.map((p) => p.slice(0, p.lastIndexOf('/'))))].sort();
  const folder = folders[0];
  if (folders.length > 1 && !folders.every((f) => f.startsWith(`${folder}/`)))
    return `The package has several output validators (${folders.join(', ')}): this judge runs one.`;
  const own = inFolder.filter((p) => p.startsWith(`${folder}/`) && !p.endsWith('/'));
  const sources = own.filter((p) => sourceLanguage(p) !== undefined && !HEADER.test(p));
  const withMain = sources.filter((p) => sourceLanguage(p) !== 71 && /\bmain\s*\(/.test(files.text(p) ?? ''));
  const python = sources
    .filter((p) => sourceLanguage(p) === 71)
    .sort((a, b) => Number(!/validator\.py$/.test(a)) - Number(!/validator\.py$/.test(b)));
  const path = withMain[0] ?? python[0];
  if (!path) return `The output validator in ${folder}/ has no C, C++ or Python source (build and run scripts are not run here).`;
  const languageId = sourceLanguage(path) as number;
  if (!(ICPC_VALIDATOR_LANGUAGE_IDS as readonly number[]).includes(languageId))
    return `The output validator ${path} is not in C, C++ or Python 3.`;
  const supportFiles = own
    .filter((p) => p !== path && !/\/(?:build|run)$/.test(p) && files.isText(p))
    .map((p) => ({ name: p.slice(p.lastIndexOf('/') + 1), content: files.text(p) ?? '' }));
  return { path, languageId, source: files.text(path) ?? '', supportFiles };
}

/**
 * The checker and, for an interactive problem, the interactor. A custom validator that includes testlib.h keeps
 * testlib's convention (the checker, or the interactor of an interactive problem, as our export writes them); any
 * other is an ICPC validator (`protocol: 'icpc'`), called as the format says with the package's validator flags.
 * Without one the default validator's flags choose our built-in checker; an interactive problem then has no
 * interactor and is imported as a standard one, with a warning.
 */
export function readIcpcJury(
  files: PackageFiles,
  meta: Yaml,
  custom: boolean,
  interactive: boolean,
  warnings: string[],
): Pick<ImportedProblem, 'checker' | 'interactor'> {
  const flags = validatorFlags(files, meta, warnings);
  const defaultChecker = checkerFromFlags(flags);
  if (!custom) {
    if (!flags.includes('case_sensitive') && !flags.some((f) => f.startsWith('float_')))
      warnings.push("The package's validator ignores letter case; our checkers compare it.");
    return { checker: defaultChecker };
  }
  const found = findValidator(files);
  if (!found || typeof found === 'string') {
    warnings.push(
      `${found ?? 'The package names a custom validator but has none.'} ${
        interactive ? 'The problem is imported as a standard one, without an interactor.' : 'The default checker (tokens) is used.'
      }`,
    );
    return { checker: { type: 'tokens' } };
  }
  const { languageId, source, supportFiles } = found;
  if (/#include\s*["<]testlib\.h[">]/.test(source) && languageId !== 71) {
    // The folder's other files (its own testlib.h among them) are written beside the source, as for an ICPC one.
    const kept = boundedSupportFiles(supportFiles, found.path, warnings);
    const testlib = { languageId, source, ...(kept.length ? { supportFiles: kept } : {}) };
    return interactive ? { checker: defaultChecker, interactor: testlib } : { checker: { type: 'custom', ...testlib } };
  }
  const icpc = { protocol: 'icpc' as const, languageId, source, supportFiles, validatorFlags: flags };
  const interactor: InteractorSettings = icpc;
  return interactive ? { checker: defaultChecker, interactor } : { checker: { type: 'custom', ...icpc } };
}

import { CPU_TIME_LIMIT, MEMORY_LIMIT_MB } from '@oj/contracts';

import { ArchiveRejectedError } from '../zip/test-archive-reader';
import { DOMJUDGE_MARKER, readDomjudgeIni } from './domjudge-ini';
import { readConstants, withConstants } from './icpc-constants';
import { readIcpcTests, Yaml, yamlOf } from './icpc-test-data';
import { readIcpcTimeLimit } from './icpc-time-limit';
import { readIcpcJury } from './icpc-validators';
import { statementFileToMarkdown } from './latex-to-markdown';
import { clamp, ImportedProblem, namedBriefly, PackageFiles, PackageReading, PackageSolution } from './package-files';
import { sourceLanguage, submissionLanguage } from './source-language';

export const ICPC_MARKER = 'problem.yaml';
/** What marks an ICPC package: its problem.yaml, or DOMjudge's metadata file, with which problem.yaml is optional. */
export const ICPC_MARKERS = [ICPC_MARKER, DOMJUDGE_MARKER];
/** The statement's Markdown sections, as the export writes them and the import splits them. */
export const SECTION_HEADINGS = { inputFormat: '## Input', outputFormat: '## Output', constraints: '## Constraints' } as const;

/** problem.yaml's `type` values this judge cannot run, and why. */
const REFUSED_TYPES: Record<string, string> = {
  'multi-pass':
    'Multi-pass problems (type: multi-pass) are not supported: this judge runs a submission once per test and cannot feed it a next pass.',
  'submit-answer': 'Submit-answer problems (type: submit-answer) are not supported: submissions here are programs.',
};

/**
 * The format version and problem types of a package: legacy (no `problem_format_version`), or 2023-07 and later; and
 * whether it has a custom output validator (legacy: `validation: custom…`; 2023-07: an `output_validator/` folder).
 */
function formatOf(meta: Yaml, files: PackageFiles): { modern: boolean; types: Set<string>; custom: boolean } {
  const version = String(meta.problem_format_version ?? 'legacy');
  const modern = !/^legacy/.test(version);
  const listed = Array.isArray(meta.type) ? meta.type.map(String) : String(meta.type ?? 'pass-fail').split(/\s+/);
  const types = new Set(listed.filter(Boolean));
  const validation = String(meta.validation ?? 'default').split(/\s+/);
  if (!modern && validation.includes('interactive')) types.add('interactive');
  if (!modern && validation.includes('score')) types.add('scoring');
  // DOMjudge's legacy packages say it in `validation` (its own hangman example: `validation: custom multi-pass`).
  if (!modern && validation.includes('multi-pass')) types.add('multi-pass');
  for (const type of types) if (REFUSED_TYPES[type]) throw new ArchiveRejectedError(REFUSED_TYPES[type]);
  const custom = modern ? files.paths().some((p) => /^output_validators?\//.test(p)) : validation[0] === 'custom';
  return { modern, types, custom: custom || types.has('interactive') };
}

/**
 * Reads an ICPC problem package, legacy or 2023-07 (`problem_format_version: 2023-07-draft`, `2023-07` and later):
 * problem.yaml's name, type and limits; data/sample and data/secret with its groups (subtasks when scored); the
 * output validator, testlib or ICPC (as the interactor of an interactive problem); the statement
 * (`statement/` or `problem_statement/`, Markdown or LaTeX); the time limit's rule; and the accepted submissions.
 */
export function readIcpcPackage(files: PackageFiles): PackageReading {
  const meta = yamlOf(files, ICPC_MARKER) ?? {};
  const format = formatOf(meta, files);
  const warnings: string[] = [];
  const unknownConstants = useConstants(files, meta);
  const limits = (meta.limits && typeof meta.limits === 'object' ? meta.limits : {}) as Yaml;
  const name =
    (typeof meta.name === 'object' && meta.name ? ((meta.name as Yaml).en ?? Object.values(meta.name)[0]) : meta.name) ??
    (readDomjudgeIni(files).name || undefined);
  const timeLimit = readIcpcTimeLimit(files, limits, format.modern);
  const output = Number(limits.output);
  const problem: ImportedProblem = {
    title: String(name ?? 'Imported problem').trim(),
    ...readStatement(files, warnings),
    cpuTimeLimit: clamp(timeLimit.seconds ?? CPU_TIME_LIMIT.default, CPU_TIME_LIMIT, 'Time limit (s)', warnings),
    memoryLimit: readMemoryLimit(limits, warnings),
    ...(output > 0 ? { outputLimit: Math.ceil(output) } : {}),
    ...readIcpcTests(files, format.types.has('scoring'), warnings),
    ...readIcpcJury(files, meta, format.custom, format.types.has('interactive'), warnings),
  };
  const accepted = acceptedSubmissions(files);
  const runnable = accepted.filter((s) => s.languageId !== undefined);
  const mainSolution = accepted[0];
  const passedOver = accepted.filter((s) => s.languageId === undefined).map((s) => s.path);
  if (passedOver.length && mainSolution?.languageId !== undefined)
    warnings.push(`Not in a language this judge runs (Python 2 among them), so not run: ${passedOver.join(', ')}.`);
  if (unknownConstants.size)
    warnings.push(`Constants problem.yaml does not define, left as they are: ${namedBriefly([...unknownConstants])}.`);
  if (files.paths().some((p) => p.startsWith('include/')))
    warnings.push('The files in include/ are not added to submissions here: a solution that needs them fails, its validation too.');
  return {
    problem,
    warnings,
    ...(mainSolution ? { mainSolution } : {}),
    timeLimit: timeLimit.reading.rule === 'derived' ? { ...timeLimit.reading, submissions: runnable } : timeLimit.reading,
  };
}

/**
 * `limits.memory` (MiB), within what this judge allows. Without it the format means the judging system's default,
 * "typically 2048" MiB (its table): this judge's most, 1024 MB, is the nearest, where its default for new problems
 * (128 MB) would fail solutions the package's authors tested with gigabytes.
 */
function readMemoryLimit(limits: Yaml, warnings: string[]): number {
  if (limits.memory === undefined || limits.memory === null) return MEMORY_LIMIT_MB.max;
  const stated = Math.floor(Number(limits.memory));
  if (Number.isFinite(stated)) return clamp(stated, MEMORY_LIMIT_MB, 'Memory limit (MB)', warnings);
  warnings.push(`problem.yaml limits.memory is not a number (${String(limits.memory).slice(0, 40)}): ${MEMORY_LIMIT_MB.max} MB is used.`);
  return MEMORY_LIMIT_MB.max;
}

/**
 * Makes the package's files read with problem.yaml's constants in place (a package defining none reads as it is);
 * answers the set of sequences that named no constant, filled as the files are read.
 */
function useConstants(files: PackageFiles, meta: Yaml): Set<string> {
  const constants = readConstants(meta);
  const unknown = new Set<string>();
  if (constants.size) files.transformTexts((path, text) => withConstants(path, text, constants, (sequence) => unknown.add(sequence)));
  return unknown;
}

/** Languages in the order a main solution is picked: the fastest and least ambiguous first. */
const PREFERENCE = [54, 50, 62, 71];

/**
 * The single-file sources of submissions/accepted/, those in a language this judge runs first (C++, C, Java, Python
 * 3, then the others, each in natural order of name); a Python 2 source has no language here.
 */
function acceptedSubmissions(files: PackageFiles): PackageSolution[] {
  const rank = (s: PackageSolution) => (s.languageId === undefined ? 99 : PREFERENCE.indexOf(s.languageId) + 1 || 50);
  return files
    .paths()
    .filter((p) => /^submissions\/accepted\/[^/]+$/.test(p) && (sourceLanguage(p) !== undefined || /\.py2$/.test(p)) && files.isText(p))
    .map((path) => {
      const source = files.text(path) as string;
      const languageId = submissionLanguage(path, source);
      return { path, source, ...(languageId === undefined ? {} : { languageId }) };
    })
    .sort((a, b) => rank(a) - rank(b) || a.path.localeCompare(b.path, undefined, { numeric: true }));
}

/**
 * The English statement (else the first language there is) of `statement/` (2023-07) or `problem_statement/` (legacy),
 * Markdown before LaTeX, split at the export's headings.
 */
function readStatement(
  files: PackageFiles,
  warnings: string[],
): Pick<ImportedProblem, 'statement' | 'inputFormat' | 'outputFormat' | 'constraints'> {
  const candidates = files
    .paths()
    .map((p) => /^(statement|problem_statement)\/problem(?:\.([a-z]{2,3}(?:-[A-Za-z]+)?))?\.(md|tex)$/.exec(p))
    .filter((m): m is RegExpExecArray => !!m)
    .sort((a, b) => rankStatement(a) - rankStatement(b) || a[0].localeCompare(b[0]));
  const chosen = candidates[0];
  if (!chosen) {
    warnings.push('The package has no statement: the statement is empty, to be written here.');
    return { statement: 'See the attached tests.', inputFormat: '', outputFormat: '', constraints: '' };
  }
  const [path, , language, kind] = chosen;
  if (language && language !== 'en') warnings.push(`No English statement: ${path} was imported.`);
  const text = files.text(path) as string;
  if (kind === 'md') return splitSections(text);
  const body = text
    .replace(/\\problemname\{[^{}]*\}/, '')
    .replace(/\\section\*?\{Input\}/, `\n${SECTION_HEADINGS.inputFormat}\n`)
    .replace(/\\section\*?\{Output\}/, `\n${SECTION_HEADINGS.outputFormat}\n`)
    // Any other section (problemtools' guess has `\section*{Interaction}`) is a heading of the part it falls in.
    .replace(/\\(?:sub)?section\*?\{([^{}\n]*)\}/g, '\n### $1\n');
  const { markdown, leftovers } = statementFileToMarkdown(body, path);
  if (leftovers.length) warnings.push(`Statement: LaTeX left as it is: ${leftovers.join(', ')}.`);
  return splitSections(markdown);
}

/** English first, then a file without a language, then the others; Markdown before LaTeX; `statement/` first. */
function rankStatement([, folder, language, kind]: RegExpExecArray): number {
  return (language === 'en' ? 0 : language ? 4 : 2) + (kind === 'md' ? 0 : 1) + (folder === 'statement' ? 0 : 0.5);
}

/** The statement Markdown cut at the export's `## Input`, `## Output` and `## Constraints` headings. */
export function splitSections(markdown: string): Pick<ImportedProblem, 'statement' | 'inputFormat' | 'outputFormat' | 'constraints'> {
  const parts: Record<string, string> = { statement: '', inputFormat: '', outputFormat: '', constraints: '' };
  let current = 'statement';
  const byHeading = new Map<string, string>(Object.entries(SECTION_HEADINGS).map(([field, heading]) => [heading, field]));
  for (const line of markdown.split('\n')) {
    const field = byHeading.get(line.trim());
    if (field) current = field;
    else parts[current] += `${line}\n`;
  }
  const [statement, inputFormat, outputFormat, constraints] = [
    parts.statement,
    parts.inputFormat,
    parts.outputFormat,
    parts.constraints,
  ].map((s) => s.trim());
  return { statement: statement || 'See the attached tests.', inputFormat, outputFormat, constraints };
}

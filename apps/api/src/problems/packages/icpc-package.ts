import { CheckerSettings, CPU_TIME_LIMIT, MEMORY_LIMIT_MB, Subtask, SubtaskScoring } from '@oj/contracts';

import { normalizePoints } from '../dto/problem-normalizers';
import { ArchiveRejectedError } from '../zip/test-archive-reader';
import { latexToMarkdown } from './latex-to-markdown';
import { clamp, ImportedProblem, PackageFiles, PackageReading, PackageSolution } from './package-files';
import { parsePackageYaml } from './package-parsers';
import { sourceLanguage } from './source-language';

export const ICPC_MARKER = 'problem.yaml';
/** The statement's Markdown sections, as the export writes them and the import splits them. */
export const SECTION_HEADINGS = { inputFormat: '## Input', outputFormat: '## Output', constraints: '## Constraints' } as const;

type Yaml = Record<string, unknown>;

/**
 * Reads an ICPC (Kattis) problem package: problem.yaml's name, limits and validation, data/sample and data/secret
 * (a folder under data/secret is a group: a subtask when its testdata.yaml gives it a score), a testlib-compatible
 * output validator (as the interactor of a `custom interactive` package), and problem_statement/problem.en.md or .tex.
 */
export function readIcpcPackage(files: PackageFiles): PackageReading {
  const meta = yamlOf(files, ICPC_MARKER) ?? {};
  const warnings: string[] = [];
  const limits = (meta.limits ?? {}) as Yaml;
  const name = typeof meta.name === 'object' && meta.name ? ((meta.name as Yaml).en ?? Object.values(meta.name)[0]) : meta.name;
  const problem: ImportedProblem = {
    title: String(name ?? 'Imported problem').trim(),
    ...readStatement(files, warnings),
    cpuTimeLimit: clamp(Number(limits.time_limit ?? CPU_TIME_LIMIT.default), CPU_TIME_LIMIT, 'Time limit (s)', warnings),
    memoryLimit: clamp(Math.floor(Number(limits.memory ?? MEMORY_LIMIT_MB.default)), MEMORY_LIMIT_MB, 'Memory limit (MB)', warnings),
    samples: pairs(files, 'data/sample/').map(([input, output]) => ({ input, output })),
    ...readSecret(files, warnings),
    ...readJury(files, meta, warnings),
  };
  const mainSolution = readAcceptedSolution(files);
  return { problem, warnings, ...(mainSolution ? { mainSolution } : {}) };
}

/** The first source under submissions/accepted/ in a language this judge runs (a single-file one), if any. */
function readAcceptedSolution(files: PackageFiles): PackageSolution | undefined {
  const path = files
    .paths()
    .filter((p) => /^submissions\/accepted\/[^/]+$/.test(p) && sourceLanguage(p) !== undefined)
    .sort((a, b) => a.localeCompare(b, undefined, { numeric: true }))[0];
  return path ? { path, languageId: sourceLanguage(path), source: files.requireText(path, 'Accepted submission') } : undefined;
}

function yamlOf(files: PackageFiles, path: string): Yaml | undefined {
  const text = files.text(path);
  if (text === undefined) return undefined;
  const value = parsePackageYaml(text, path);
  return value && typeof value === 'object' ? (value as Yaml) : {};
}

/** The `.in`/`.ans` pairs directly in a folder, in natural order; an `.in` without its `.ans` is refused. */
function pairs(files: PackageFiles, folder: string): [string, string][] {
  const inputs = files
    .paths()
    .filter((p) => p.startsWith(folder) && p.endsWith('.in') && !p.slice(folder.length).includes('/'))
    .sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
  return inputs.map((p) => [files.requireText(p, 'Test'), files.requireText(`${p.slice(0, -3)}.ans`, 'Answer')]);
}

function readSecret(files: PackageFiles, warnings: string[]): Pick<ImportedProblem, 'testCases' | 'subtasks'> {
  const testCases: ImportedProblem['testCases'] = pairs(files, 'data/secret/').map(([input, output]) => ({ input, output, points: 1 }));
  const groups = [
    ...new Set(
      files
        .paths()
        .map((p) => /^data\/secret\/([^/]+)\/[^/]+$/.exec(p)?.[1])
        .filter((g): g is string => !!g),
    ),
  ].sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
  const subtasks: Subtask[] = [];
  for (const group of groups) {
    const settings = yamlOf(files, `data/secret/${group}/testdata.yaml`) ?? {};
    const tests = pairs(files, `data/secret/${group}/`);
    const score = Number(settings.score ?? settings.accept_score);
    if (!(score > 0)) {
      if (groups.length > 1) warnings.push(`Group ${group} has no score: its tests count on their own.`);
      testCases.push(...tests.map(([input, output]) => ({ input, output, points: 1 })));
      continue;
    }
    const scoring: SubtaskScoring = settings.aggregation === 'sum' || /\bsum\b/.test(String(settings.grader_flags ?? '')) ? 'sum' : 'min';
    const perTest = scoring === 'sum' ? normalizePoints(score / Math.max(tests.length, 1)) : 1;
    subtasks.push({
      name: String(settings.name ?? group),
      scoring,
      points: scoring === 'sum' ? perTest * tests.length : normalizePoints(score),
    });
    testCases.push(...tests.map(([input, output]) => ({ input, output, points: perTest, subtask: subtasks.length - 1 })));
  }
  if (!testCases.length) throw new ArchiveRejectedError('The package has no tests in data/secret.');
  return { testCases, subtasks };
}

function readStatement(
  files: PackageFiles,
  warnings: string[],
): Pick<ImportedProblem, 'statement' | 'inputFormat' | 'outputFormat' | 'constraints'> {
  const md = files.text('problem_statement/problem.en.md') ?? files.text('problem_statement/problem.md');
  if (md !== undefined) return splitSections(md);
  const tex = files.text('problem_statement/problem.en.tex') ?? files.text('problem_statement/problem.tex');
  if (tex === undefined) {
    warnings.push('The package has no English statement: the statement is empty, to be written here.');
    return { statement: 'See the attached tests.', inputFormat: '', outputFormat: '', constraints: '' };
  }
  const body = tex
    .replace(/\\problemname\{[^{}]*\}/, '')
    .replace(/\\section\*?\{Input\}/, `\n${SECTION_HEADINGS.inputFormat}\n`)
    .replace(/\\section\*?\{Output\}/, `\n${SECTION_HEADINGS.outputFormat}\n`);
  const { markdown, leftovers } = latexToMarkdown(body);
  if (leftovers.length) warnings.push(`Statement: LaTeX left as it is: ${leftovers.join(', ')}.`);
  return splitSections(markdown);
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

/** The flags of the default output validator that match our built-in checkers. */
export function checkerFromFlags(flags: string): CheckerSettings {
  const tolerance = /float_(?:absolute_|relative_)?tolerance\s+(\S+)/.exec(flags);
  if (tolerance) return { type: 'float', epsilon: Number(tolerance[1]) };
  if (/\bspace_change_sensitive\b/.test(flags)) return { type: 'lines' };
  return { type: 'tokens' };
}

/**
 * The checker and, for `validation: custom interactive`, the interactor. A custom validator is ours when it is a
 * testlib program: the checker for `custom`, the interactor for `custom interactive` (the checker then comes from
 * the validator flags, as our export writes them). Anything else falls back to the default checker with a warning.
 */
function readJury(files: PackageFiles, meta: Yaml, warnings: string[]): Pick<ImportedProblem, 'checker' | 'interactor'> {
  const validation = String(meta.validation ?? 'default');
  const flags = String(meta.validator_flags ?? '');
  if (!validation.startsWith('custom')) {
    if (!/\bcase_sensitive\b/.test(flags) && !/float_/.test(flags))
      warnings.push("The package's validator ignores letter case; our checkers compare it.");
    return { checker: checkerFromFlags(flags) };
  }
  const sources = files.paths().filter((p) => /^output_validators?\/(?:[^/]+\/)?[^/]+\.(?:cpp|cc|c)$/.test(p));
  const testlib = sources.find((p) => /#include\s*["<]testlib\.h[">]/.test(files.text(p) ?? ''));
  const jury = testlib && { languageId: sourceLanguage(testlib) ?? 54, source: files.text(testlib) as string };
  if (validation.includes('interactive')) {
    if (jury) return { checker: checkerFromFlags(flags), interactor: jury };
    warnings.push('The interactive validator is not testlib-compatible: the problem is imported as a standard one, without an interactor.');
    return { checker: { type: 'tokens' } };
  }
  if (!jury) {
    warnings.push('The output validator is not testlib-compatible: the default checker (tokens) is used.');
    return { checker: { type: 'tokens' } };
  }
  return { checker: { type: 'custom', ...jury } };
}

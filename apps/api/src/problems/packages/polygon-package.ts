import {
  CheckerSettings,
  CPU_TIME_LIMIT,
  gateSubtask,
  MAX_SUBTASKS,
  MEMORY_LIMIT_MB,
  problemTotalPoints,
  Subtask,
  SubtaskScoring,
} from '@oj/contracts';

import { normalizePoints } from '../dto/problem-normalizers';
import { ArchiveRejectedError } from '../zip/test-archive-reader';
import { includedHeaders } from './jury-headers';
import { statementFileToMarkdown } from './latex-to-markdown';
import { clamp, ImportedProblem, namedBriefly, PackageFiles, PackageReading } from './package-files';
import { parsePackageXml } from './package-parsers';
import { sourceLanguage } from './source-language';

export const POLYGON_MARKER = 'problem.xml';
export const NO_BUILT_TESTS_MESSAGE =
  'The package has no built tests, only generator scripts: download the full package (with tests) from Polygon. Generators are not run here.';

type Node = Record<string, unknown>;

/**
 * Polygon's standard checkers that judge by one of our built-in rules (or the nearest: `lines` forgives what lcmp
 * forgives at a line's end, not its spacing inside a line; fcmp, like `lines` and unlike `exact`, accepts an output
 * without its final newline, but keeps trailing spaces). The others run as custom checkers.
 */
const STANDARD_CHECKERS: Record<string, CheckerSettings> = {
  'std::wcmp.cpp': { type: 'tokens' },
  'std::ncmp.cpp': { type: 'tokens' },
  'std::icmp.cpp': { type: 'tokens' },
  'std::hcmp.cpp': { type: 'tokens' },
  'std::lcmp.cpp': { type: 'lines' },
  'std::fcmp.cpp': { type: 'lines' },
  'std::rcmp.cpp': { type: 'float', epsilon: 1.5e-6 },
  'std::rcmp4.cpp': { type: 'float', epsilon: 1e-4 },
  'std::rcmp6.cpp': { type: 'float', epsilon: 1e-6 },
  'std::rcmp9.cpp': { type: 'float', epsilon: 1e-9 },
};

const ARRAYS = new Set(['name', 'statement', 'testset', 'test', 'group', 'dependency', 'solution', 'source', 'file']);

/**
 * Reads a Polygon package (standard or Linux): problem.xml's names, limits, first test set (tests, points, groups,
 * samples), checker, interactor and main solution, and the English statement sections. Refuses it, naming why, when a listed
 * file is missing or the tests were never built.
 */
export function readPolygonPackage(files: PackageFiles): PackageReading {
  const xml = files.text(POLYGON_MARKER) as string;
  const root = parsePackageXml(xml, POLYGON_MARKER, ARRAYS).problem as Node | undefined;
  if (!root) throw new ArchiveRejectedError('problem.xml has no <problem> element.');
  const warnings: string[] = [];
  const testset =
    (list(path(root, 'judging', 'testset')) as Node[]).find((t) => t['@name'] === 'tests') ?? list(path(root, 'judging', 'testset'))[0];
  if (!testset) throw new ArchiveRejectedError('problem.xml lists no test set.');
  const limits = readLimits(testset as Node, warnings);
  const tests = readTests(files, testset as Node, warnings);
  const statement = readStatement(files, warnings);
  warnFileInputOutput(path(root, 'judging') as Node | undefined, warnings);
  const problem: ImportedProblem = {
    title: englishFirst(list(path(root, 'names', 'name')) as Node[]) ?? String(root['@short-name'] ?? 'Imported problem'),
    ...statement,
    ...limits,
    ...tests,
    checker: readChecker(files, path(root, 'assets', 'checker') as Node | undefined, warnings),
    ...readInteractor(files, path(root, 'assets', 'interactor') as Node | undefined, warnings),
  };
  warnPointsFromChecker(problem.checker, list(path(testset as Node, 'tests', 'test')) as Node[], warnings);
  const main = (list(path(root, 'assets', 'solutions', 'solution')) as Node[]).find((s) => s['@tag'] === 'main');
  const mainSource = main && (list(main.source)[0] as Node | undefined);
  const mainPath = mainSource?.['@path'] as string | undefined;
  const mainSolution = mainPath && {
    path: mainPath,
    languageId: sourceLanguage(String(mainSource?.['@type'] ?? '')) ?? sourceLanguage(mainPath),
    source: files.requireText(mainPath, 'Main solution'),
  };
  const timeLimit =
    (testset as Node)['time-limit'] === undefined
      ? { rule: 'default' as const, detail: 'problem.xml gives no <time-limit>: the default is used' }
      : { rule: 'package' as const, detail: `problem.xml <time-limit>: ${String((testset as Node)['time-limit'])} ms` };
  return { problem, warnings, ...(mainSolution ? { mainSolution } : {}), timeLimit };
}

/**
 * A problem whose program reads a file (`<judging input-file="input.txt">`) instead of standard input, or writes
 * one: programs here read standard input and write standard output, so a solution that opens those files fails.
 */
function warnFileInputOutput(judging: Node | undefined, warnings: string[]) {
  const files = (['input-file', 'output-file'] as const)
    .map((attribute) => String(judging?.[`@${attribute}`] ?? '').trim())
    .filter((name) => name && name !== 'stdin' && name !== 'stdout');
  if (files.length)
    warnings.push(
      `problem.xml's programs use the files ${files.join(' and ')}: here a program reads standard input and writes standard output, so a solution that opens those files fails.`,
    );
}

function path(node: Node | undefined, ...keys: string[]): unknown {
  return keys.reduce<unknown>((at, key) => (at && typeof at === 'object' ? (at as Node)[key] : undefined), node);
}

function list(value: unknown): unknown[] {
  return value === undefined || value === '' ? [] : Array.isArray(value) ? value : [value];
}

function englishFirst(names: Node[]): string | undefined {
  const named = names.filter((n) => typeof n['@value'] === 'string' && n['@value']);
  return ((named.find((n) => n['@language'] === 'english') ?? named[0])?.['@value'] as string | undefined)?.trim();
}

function readLimits(testset: Node, warnings: string[]): Pick<ImportedProblem, 'cpuTimeLimit' | 'memoryLimit'> {
  const ms = Number(testset['time-limit'] ?? CPU_TIME_LIMIT.default * 1000);
  const bytes = Number(testset['memory-limit'] ?? MEMORY_LIMIT_MB.default * 1024 * 1024);
  return {
    cpuTimeLimit: clamp(Math.round(ms / 100) / 10, CPU_TIME_LIMIT, 'Time limit (s)', warnings),
    memoryLimit: clamp(Math.floor(bytes / (1024 * 1024)), MEMORY_LIMIT_MB, 'Memory limit (MB)', warnings),
  };
}

/** `tests/%02d` with a test's 1-based number, as Polygon writes its path patterns. */
function fromPattern(pattern: string, n: number): string {
  return pattern.replace(/%(0?)(\d*)d/, (_, zero: string, width: string) => String(n).padStart(Number(width || 0), zero ? '0' : ' '));
}

function readTests(files: PackageFiles, testset: Node, warnings: string[]): Pick<ImportedProblem, 'testCases' | 'samples' | 'subtasks'> {
  const entries = list(path(testset, 'tests', 'test')) as Node[];
  if (!entries.length) throw new ArchiveRejectedError('problem.xml lists no tests.');
  const inputPattern = String(testset['input-path-pattern'] ?? 'tests/%02d');
  const answerPattern = String(testset['answer-path-pattern'] ?? 'tests/%02d.a');
  const missing = entries.filter((_, i) => !files.has(fromPattern(inputPattern, i + 1)));
  if (missing.length && missing.every((t) => t['@method'] === 'generated')) throw new ArchiveRejectedError(NO_BUILT_TESTS_MESSAGE);
  const scored = entries.some((t) => t['@points'] !== undefined);
  const groups = readGroups(testset, entries, warnings);
  const samples: ImportedProblem['samples'] = [];
  const testCases = entries.map((entry, i) => {
    const input = files.requireText(fromPattern(inputPattern, i + 1), 'Test');
    const output = files.requireText(fromPattern(answerPattern, i + 1), 'Answer');
    if (entry['@sample'] === 'true') samples.push({ input, output });
    const points = scored ? normalizePoints(entry['@points']) : 1;
    const subtask = groups.indexOf.get(String(entry['@group'] ?? ''));
    return { input, output, points, ...(subtask === undefined ? {} : { subtask }) };
  });
  for (const [index, subtask] of groups.subtasks.entries())
    if (subtask.scoring === 'sum') subtask.points = testCases.filter((t) => t.subtask === index).reduce((s, t) => s + t.points, 0);
  if (scored) gateWorthlessTests(entries, testCases, groups.subtasks);
  if (scored) warnPointsChanged(entries, testCases, groups.subtasks, warnings);
  return { testCases, samples, subtasks: groups.subtasks };
}

/**
 * Tests in no group that the package makes worth 0 (its samples, usually) join one gate subtask: a test here is
 * worth at least 1 point, a subtask may be worth 0, so they are judged and score nothing, as on Polygon. Left alone
 * when they are all the points there are: a problem worth nothing cannot be scored.
 */
function gateWorthlessTests(entries: Node[], testCases: { points: number; subtask?: number }[], subtasks: Subtask[]) {
  const worthless = testCases.flatMap((t, i) => (t.subtask === undefined && Number(entries[i]['@points'] ?? 0) === 0 ? [i] : []));
  if (!worthless.length) return;
  const index = subtasks.length;
  const gated = testCases.map((t, i) => (worthless.includes(i) ? { ...t, subtask: index } : t));
  const withGate = [...subtasks, gateSubtask('Tests worth 0 points')];
  if (problemTotalPoints(gated, withGate) < 1 || withGate.length > MAX_SUBTASKS) return;
  subtasks.push(withGate[index]);
  for (const i of worthless) testCases[i].subtask = index;
}

/**
 * Names the tests whose own points count here (in no subtask, or in a `sum` one) and differ from the package's: a
 * test is worth a whole number of points from 1 to 1000 here, so 2.5 is 3, and a test worth 0 that no gate could
 * take (in a group that scores each test, or in a problem whose every test is worth 0) is worth 1.
 */
function warnPointsChanged(entries: Node[], testCases: { points: number; subtask?: number }[], subtasks: Subtask[], warnings: string[]) {
  const changed = testCases.flatMap((t, i) => {
    const stated = Number(entries[i]['@points'] ?? 0);
    const counts = t.subtask === undefined || subtasks[t.subtask].scoring === 'sum';
    return counts && stated !== t.points ? [`test ${i + 1} (${stated} → ${t.points})`] : [];
  });
  if (!changed.length) return;
  warnings.push(`Points changed, as a test here is worth a whole number of points from 1 to 1000: ${namedBriefly(changed)}.`);
}

/**
 * On Polygon a checker's quitp(p) is the test's score, p points, whatever the test's own points; here it counts up
 * to what the test is worth. A test worth 0 in the package scores nothing here (in a gate) or at most 1 point: said,
 * since scores then differ from Polygon's.
 */
function warnPointsFromChecker(checker: CheckerSettings, entries: Node[], warnings: string[]) {
  if (checker.type !== 'custom' || !/\bquitp\s*\(/.test(checker.source ?? '')) return;
  const worthless = entries.flatMap((t, i) => (t['@points'] !== undefined && Number(t['@points']) === 0 ? [i + 1] : []));
  if (!worthless.length) return;
  const named =
    worthless.length === entries.length ? 'every test' : `test${worthless.length === 1 ? '' : 's'} ${namedBriefly(worthless.map(String))}`;
  warnings.push(
    `The checker gives points (quitp) on ${named}, worth 0 points in the package: here a checker's points count up to what the test is worth, which for such a test is nothing or 1 point, so scores differ from Polygon's. Give the tests their points in the problem form.`,
  );
}

/**
 * Polygon groups as subtasks, in the order the package lists them: `complete-group` scores `min` (its points only
 * when all pass), `each-test` scores `sum`; a group's `<dependencies>` become the subtask's `dependsOn`. A group
 * worth nothing (the samples', usually, which every other group often depends on) is a `min` subtask worth 0, a
 * gate: it adds nothing to the total, as on Polygon, and what depends on it still needs it.
 */
function readGroups(testset: Node, tests: Node[], warnings: string[]): { subtasks: Subtask[]; indexOf: Map<string, number> } {
  const declared = new Map((list(path(testset, 'groups', 'group')) as Node[]).map((g) => [String(g['@name']), g]));
  const names = [
    ...new Set([
      ...declared.keys(),
      ...tests
        .map((t) => t['@group'])
        .filter((g) => g !== undefined)
        .map(String),
    ]),
  ];
  const subtasks: Subtask[] = [];
  const indexOf = new Map<string, number>();
  for (const name of names) {
    const group = declared.get(name);
    const scoring: SubtaskScoring = group?.['@points-policy'] === 'each-test' ? 'sum' : 'min';
    const members = tests.filter((t) => String(t['@group']) === name);
    const points = group?.['@points'] !== undefined ? Number(group['@points']) : members.reduce((s, t) => s + Number(t['@points'] ?? 0), 0);
    if (!members.length) {
      warnings.push(`Group ${name} has no tests: it is left out.`);
      continue;
    }
    indexOf.set(name, subtasks.length);
    subtasks.push(points > 0 ? { name: `Group ${name}`, scoring, points: normalizePoints(points) } : gateSubtask(`Group ${name}`));
  }
  for (const [name, index] of indexOf) {
    const needed = (list(path(declared.get(name), 'dependencies', 'dependency')) as Node[]).map((d) => String(d['@group']));
    const dependsOn = needed.flatMap((group) => {
      const at = indexOf.get(group);
      if (at === undefined)
        warnings.push(`Group ${name} depends on group ${group}, which is not listed or has no tests: that dependency is left out.`);
      return at === undefined || at === index ? [] : [at];
    });
    if (dependsOn.length) subtasks[index].dependsOn = [...new Set(dependsOn)].sort((a, b) => a - b);
  }
  return { subtasks, indexOf };
}

const SECTIONS = ['legend', 'input', 'output', 'interaction', 'scoring', 'notes'] as const;

/**
 * The statement sections of the English statement (else the first language there is), as Markdown: the legend,
 * then an interactive problem's interaction protocol, the scoring (subtasks' limits, as IOI-style problems state
 * them) and the notes, each under its heading.
 */
function readStatement(
  files: PackageFiles,
  warnings: string[],
): Pick<ImportedProblem, 'statement' | 'inputFormat' | 'outputFormat' | 'constraints'> {
  const languages = [
    ...new Set(
      files
        .paths()
        .map((p) => /^statement-sections\/([^/]+)\//.exec(p)?.[1])
        .filter((l): l is string => !!l),
    ),
  ];
  const language = languages.includes('english') ? 'english' : languages[0];
  const section = Object.fromEntries(
    SECTIONS.map((name) => {
      const texPath = `statement-sections/${language}/${name}.tex`;
      const tex = language ? files.text(texPath) : undefined;
      if (tex === undefined) return [name, ''];
      const { markdown, leftovers } = statementFileToMarkdown(tex, texPath);
      if (leftovers.length) warnings.push(`Statement ${name}.tex: LaTeX left as it is: ${leftovers.join(', ')}.`);
      return [name, markdown];
    }),
  ) as Record<(typeof SECTIONS)[number], string>;
  if (!language) warnings.push('The package has no statement sections: the statement is empty, to be written here.');
  else if (language !== 'english') warnings.push(`No English statement: the ${language} one was imported.`);
  const statement = [
    section.legend,
    section.interaction && `### Interaction\n\n${section.interaction}`,
    section.scoring && `### Scoring\n\n${section.scoring}`,
    section.notes && `### Notes\n\n${section.notes}`,
  ]
    .filter(Boolean)
    .join('\n\n');
  return { statement: statement || 'See the attached tests.', inputFormat: section.input, outputFormat: section.output, constraints: '' };
}

/** An interactive problem's `<interactor>`: its C or C++ source; in any other language, a warning and a standard problem. */
function readInteractor(files: PackageFiles, interactor: Node | undefined, warnings: string[]): Pick<ImportedProblem, 'interactor'> {
  const source = list(interactor?.source)[0] as Node | undefined;
  const sourcePath = source?.['@path'] as string | undefined;
  if (!sourcePath) return {};
  const languageId = sourceLanguage(String(source?.['@type'] ?? sourcePath));
  if (languageId !== 54 && languageId !== 50) {
    warnings.push(`Interactor ${sourcePath} is not C or C++: the problem is imported as a standard one, without it.`);
    return {};
  }
  const text = files.requireText(sourcePath, 'Interactor');
  return { interactor: { languageId, source: text, ...headersOf(files, sourcePath, text, warnings) } };
}

function readChecker(files: PackageFiles, checker: Node | undefined, warnings: string[]): CheckerSettings {
  const name = String(checker?.['@name'] ?? '');
  if (STANDARD_CHECKERS[name]) return STANDARD_CHECKERS[name];
  const source = list(checker?.source)[0] as Node | undefined;
  const sourcePath = source?.['@path'] as string | undefined;
  if (!sourcePath) {
    warnings.push('The package names no checker: the default (lines) is used.');
    return { type: 'lines' };
  }
  const languageId = sourceLanguage(String(source?.['@type'] ?? sourcePath));
  if (languageId !== 54 && languageId !== 50) {
    warnings.push(`Checker ${sourcePath} is not C or C++: the default (lines) is used.`);
    return { type: 'lines' };
  }
  const checkerSource = files.requireText(sourcePath, 'Checker');
  return { type: 'custom', languageId, source: checkerSource, ...headersOf(files, sourcePath, checkerSource, warnings) };
}

/** The package's headers a jury program includes (its testlib.h above all), as its support files when there are some. */
function headersOf(files: PackageFiles, sourcePath: string, source: string, warnings: string[]) {
  const supportFiles = includedHeaders(files, sourcePath, source, warnings);
  return supportFiles.length ? { supportFiles } : {};
}

import { gateSubtask, MAX_SUBTASKS, Subtask, SubtaskScoring } from '@oj/contracts';

import { normalizePoints } from '../dto/problem-normalizers';
import { ArchiveRejectedError } from '../zip/test-archive-reader';
import type { ImportedProblem, PackageFiles } from './package-files';
import { parsePackageYaml } from './package-parsers';

export type Yaml = Record<string, unknown>;

/** A package's YAML map (anything else reads as an empty one); undefined when the file is absent. */
export function yamlOf(files: PackageFiles, path: string): Yaml | undefined {
  const text = files.text(path);
  if (text === undefined) return undefined;
  const value = parsePackageYaml(text, path);
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Yaml) : {};
}

/** A test data group's settings file: `testdata.yaml` (legacy, 2023-07) or `test_group.yaml` (later 2023-07 drafts). */
export function groupSettings(files: PackageFiles, folder: string): Yaml | undefined {
  return yamlOf(files, `${folder}/testdata.yaml`) ?? yamlOf(files, `${folder}/test_group.yaml`);
}

const byName = (a: string, b: string) => a.localeCompare(b, undefined, { numeric: true });

/** Every `.in` under a folder (its subfolders too when `deep`), in natural order. */
function inputPaths(files: PackageFiles, folder: string, deep: boolean): string[] {
  return files
    .paths()
    .filter((p) => p.startsWith(`${folder}/`) && p.endsWith('.in') && (deep || !p.slice(folder.length + 1).includes('/')))
    .sort(byName);
}

/** Every `.in` under a folder, as `inputPaths` finds them, with its `.ans`; empty files are tests too. */
function pairs(files: PackageFiles, folder: string, deep: boolean): { input: string; output: string }[] {
  return inputPaths(files, folder, deep).map((p) => ({
    input: files.requireText(p, 'Test'),
    output: files.requireText(`${p.slice(0, -3)}.ans`, 'Answer'),
  }));
}

/** The name of the samples' group, and of the gate subtask that judges them. */
export const SAMPLE_GROUP = 'sample';

/**
 * Whether a legacy package's root grader ignores the samples' result (`grader_flags: ignore_sample` in
 * `data/testdata.yaml`): then they are only shown.
 */
function ignoresSamples(files: PackageFiles): boolean {
  return String(groupSettings(files, 'data')?.grader_flags ?? '')
    .split(/\s+/)
    .includes('ignore_sample');
}

/**
 * A group's `require_pass` (2025-09: a group name, `sample`, or a list of them; the groups whose every test must pass
 * for this one to score) as its subtask's `dependsOn`. Only subtasks can be needed here (`sample` is one when its
 * tests are judged): groups without a score are left out, with a warning.
 */
function requirePass(name: string, settings: Yaml, subtaskOf: Map<string, number>, subtasks: Subtask[], warnings: string[]): void {
  const own = subtaskOf.get(name);
  const listed = settings.require_pass;
  const needed = (Array.isArray(listed) ? listed : listed === undefined || listed === null ? [] : [listed]).map((g) =>
    String(g).replace(/^(?:data\/)?secret\//, ''),
  );
  if (!needed.length) return;
  if (own === undefined) {
    warnings.push(`Group ${name} requires ${needed.join(', ')} to pass, but is no subtask here: the requirement is left out.`);
    return;
  }
  const dependsOn = needed.flatMap((group) => {
    const at = subtaskOf.get(group);
    if (at === undefined || at === own)
      warnings.push(`Group ${name} requires ${group} to pass, which is no subtask here: that requirement is left out.`);
    return at === undefined || at === own ? [] : [at];
  });
  if (dependsOn.length) subtasks[own].dependsOn = [...new Set(dependsOn)].sort((a, b) => a - b);
}

/**
 * The samples as the statement shows them (2025-09, "Displaying test cases"): a `.in.statement` instead of the
 * input, a `.out` or `.ans.statement` instead of the answer; an interactive problem's `.interaction` log (lines of
 * the judge after `<`, of the submission after `>`) as the judge's lines, the submission's, and the whole dialogue
 * in order as the explanation, since its `.in` is the interactor's secret and its `.ans` often empty.
 */
function samplesShown(files: PackageFiles): ImportedProblem['samples'] {
  // A log may also stand alone, without an .in or .ans: a sample only shown ("additional sample interaction").
  const logs = files.paths().filter((p) => p.startsWith('data/sample/') && p.endsWith('.interaction'));
  const bases = [...new Set([...inputPaths(files, 'data/sample', true), ...logs].map((p) => p.replace(/\.(in|interaction)$/, '')))];
  return bases.sort(byName).map((base) => {
    const interaction = files.text(`${base}.interaction`);
    if (interaction !== undefined) return interactionSample(interaction);
    return {
      input: files.text(`${base}.in.statement`) ?? files.requireText(`${base}.in`, 'Test'),
      output: files.text(`${base}.out`) ?? files.text(`${base}.ans.statement`) ?? files.requireText(`${base}.ans`, 'Answer'),
    };
  });
}

function interactionSample(log: string): ImportedProblem['samples'][number] {
  const lines = log.split(/\r?\n/).filter((line) => line.startsWith('<') || line.startsWith('>'));
  const side = (mark: string) =>
    lines
      .filter((line) => line.startsWith(mark))
      .map((line) => `${line.slice(1)}\n`)
      .join('');
  return {
    input: side('<'),
    output: side('>'),
    explanation: `The dialogue in order (\`<\` the judge, \`>\` your program):\n\n\`\`\`\n${lines.join('\n')}\n\`\`\``,
  };
}

/** A group's maximum score and aggregation in whichever spelling the package uses; undefined where it says nothing. */
interface GroupScoring {
  score?: number;
  aggregation?: 'pass-fail' | 'sum' | 'min';
  /** Legacy `accept_score`: the points of each accepted test. */
  perTest?: number;
}

function scoringOf(settings: Yaml): GroupScoring {
  const nested = (settings.scoring ?? {}) as Yaml;
  const score = nested.score ?? settings.max_score ?? settings.score;
  const aggregation = String(nested.aggregation ?? settings.score_aggregation ?? settings.aggregation ?? '');
  const legacyFlags = String(settings.grader_flags ?? '');
  const legacy = /\b(?:min|sum)\b/.exec(legacyFlags)?.[0];
  const known = ['pass-fail', 'sum', 'min'].includes(aggregation) ? aggregation : legacy;
  const points = typeof score === 'number' || (typeof score === 'string' && score.trim()) ? Number(score) : NaN;
  return {
    ...(points >= 0 ? { score: points } : {}),
    ...(known ? { aggregation: known as GroupScoring['aggregation'] } : {}),
    ...(Number(settings.accept_score) > 0 ? { perTest: Number(settings.accept_score) } : {}),
  };
}

/**
 * The tests of `data/sample`, first, in a gate subtask `sample` worth 0 (not when a legacy root grader ignores them),
 * and of `data/secret`; or, when `data/secret` has none, of `data/sample` alone. `data/secret`'s groups are subtasks. Each folder directly
 * under `data/secret` is a group, its tests those anywhere below it. A group is a subtask when the problem is scoring
 * or the group gives its score: `pass-fail` and `min` aggregation score it all or nothing (`min`), `sum` by test. In a
 * scoring problem, groups without a score share what the others leave of `data/secret`'s (100 unless given), as
 * the 2023-07 format says; in a pass-fail one, groups without scores are only folders. A group whose score is 0 is a
 * gate: a subtask worth 0, judged, and needed by the groups that require it.
 */
export function readIcpcTests(
  files: PackageFiles,
  scoring: boolean,
  warnings: string[],
): Pick<ImportedProblem, 'testCases' | 'subtasks' | 'samples'> {
  const samples = pairs(files, 'data/sample', true);
  const shown = samplesShown(files);
  const subtasks: Subtask[] = [];
  const subtaskOf = new Map<string, number>();
  const judgedSamples = inputPaths(files, 'data/secret', true).length && !ignoresSamples(files) ? samples : [];
  if (judgedSamples.length) {
    // Judged first, as the format says (a pass-fail verdict needs every test of `sample` and `secret`), and worth
    // nothing, as samples never add to a score: a gate, which a group's `require_pass: sample` can name.
    subtaskOf.set(SAMPLE_GROUP, subtasks.length);
    subtasks.push(gateSubtask(SAMPLE_GROUP));
  }
  const testCases: ImportedProblem['testCases'] = [
    ...judgedSamples.map((t) => ({ ...t, points: 1, subtask: 0 })),
    ...pairs(files, 'data/secret', false).map((t) => ({ ...t, points: 1 })),
  ];
  const groups = [
    ...new Set(
      files
        .paths()
        .map((p) => /^data\/secret\/([^/]+)\/.+\.in$/.exec(p)?.[1])
        .filter((g): g is string => !!g),
    ),
  ].sort(byName);
  const read = groups.map((name) => ({
    name,
    settings: groupSettings(files, `data/secret/${name}`) ?? {},
    tests: pairs(files, `data/secret/${name}`, true),
  }));
  const scorings = read.map((g) => scoringOf(g.settings));
  const total = scoringOf(groupSettings(files, 'data/secret') ?? {}).score ?? 100;
  const given = scorings.reduce((sum, s) => sum + (s.score ?? 0), 0);
  const unscored = scorings.filter((s) => s.score === undefined && s.perTest === undefined).length;
  const share = unscored && scoring ? Math.max(total - given, 0) / unscored : 0;
  read.forEach(({ name, settings, tests }, i) => {
    const { score, aggregation, perTest } = scorings[i];
    const points = score ?? (perTest !== undefined ? perTest * (aggregation === 'min' ? 1 : tests.length) : share);
    if (score === 0 && subtasks.length < MAX_SUBTASKS) {
      // Worth 0 by its own word: a gate, judged and needed by the groups that require it, scoring nothing.
      subtaskOf.set(name, subtasks.length);
      subtasks.push(gateSubtask(String(settings.name ?? name)));
      testCases.push(...tests.map((t) => ({ ...t, points: 1, subtask: subtasks.length - 1 })));
      return;
    }
    if (!(points > 0) || subtasks.length >= MAX_SUBTASKS) {
      if (scoring || groups.length > 1) warnings.push(`Group ${name} has no score: its tests count on their own.`);
      testCases.push(...tests.map((t) => ({ ...t, points: 1 })));
      return;
    }
    const kind: SubtaskScoring = (aggregation ?? (perTest !== undefined ? 'sum' : 'pass-fail')) === 'sum' ? 'sum' : 'min';
    const each = kind === 'sum' ? normalizePoints(points / Math.max(tests.length, 1)) : 1;
    subtaskOf.set(name, subtasks.length);
    subtasks.push({
      name: String(settings.name ?? name),
      scoring: kind,
      points: kind === 'sum' ? each * tests.length : normalizePoints(points),
    });
    testCases.push(...tests.map((t) => ({ ...t, points: each, subtask: subtasks.length - 1 })));
  });
  read.forEach(({ name, settings }) => requirePass(name, settings, subtaskOf, subtasks, warnings));
  if (testCases.length > judgedSamples.length) return { samples: shown, testCases, subtasks };
  if (!samples.length) throw new ArchiveRejectedError('The package has no tests: data/secret and data/sample hold no .in files.');
  warnings.push('The package has tests only in data/sample: they are its tests.');
  return { samples: shown, testCases: samples.map((t) => ({ ...t, points: 1 })), subtasks };
}

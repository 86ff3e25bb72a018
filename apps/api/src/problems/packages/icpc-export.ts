import { CheckerSettings } from '@oj/contracts';
import { stringify } from 'yaml';

import { ProblemDto } from '../dto/problem-response.dto';
import { ICPC_MARKER, SECTION_HEADINGS } from './icpc-package';

export interface PackageEntry {
  path: string;
  content: string;
}

/** Our built-in checkers as the flags of the ICPC default output validator (`exact` has none closer than `lines`). */
function validatorFlags(checker: CheckerSettings): string | undefined {
  if (checker.type === 'float') return `float_tolerance ${checker.epsilon}`;
  if (checker.type === 'lines' || checker.type === 'exact') return 'case_sensitive space_change_sensitive';
  if (checker.type === 'tokens') return 'case_sensitive';
  return undefined;
}

const numbered = (i: number) => String(i + 1).padStart(3, '0');

/**
 * A problem as the files of an ICPC (Kattis) problem package: problem.yaml (name, limits, validation), the statement
 * as Markdown with the export's section headings, samples, tests outside subtasks in data/secret and each subtask
 * as a group folder whose testdata.yaml holds its score and aggregation, and a custom checker as the output
 * validator (ours are testlib checkers, which DOMjudge runs through its testlib wrapper). An interactive problem's
 * interactor is its `custom interactive` validator, its built-in checker the validator flags; the format has room
 * for one validator, so a custom checker beside an interactor is left out. What the problem comes without (the hidden
 * tests, the jury code's sources, for a downloader who may not read them) is left out; problem.yaml still says which
 * validation the problem needs.
 */
export function icpcPackageEntries(problem: ProblemDto & { testCases: NonNullable<ProblemDto['testCases']> }): PackageEntry[] {
  const flags = validatorFlags(problem.checker);
  const interactive = problem.type === 'interactive';
  const meta = {
    name: problem.title,
    validation: interactive ? 'custom interactive' : problem.checker.type === 'custom' ? 'custom' : 'default',
    ...(flags ? { validator_flags: flags } : {}),
    limits: { time_limit: problem.cpuTimeLimit, memory: problem.memoryLimit },
  };
  const sections = (Object.keys(SECTION_HEADINGS) as (keyof typeof SECTION_HEADINGS)[])
    .filter((field) => problem[field].trim())
    .map((field) => `${SECTION_HEADINGS[field]}\n\n${problem[field].trim()}`);
  const entries: PackageEntry[] = [
    { path: ICPC_MARKER, content: stringify(meta) },
    { path: 'problem_statement/problem.en.md', content: `${[problem.statement.trim(), ...sections].join('\n\n')}\n` },
  ];
  problem.samples.forEach((s, i) => entries.push(...testFiles(`data/sample/${numbered(i)}`, s.input, s.output)));
  problem.testCases.forEach((t, i) => {
    const folder = t.subtask === undefined ? 'data/secret' : `data/secret/${groupFolder(t.subtask)}`;
    entries.push(...testFiles(`${folder}/${numbered(i)}`, t.input, t.output));
  });
  problem.subtasks.forEach((s, i) =>
    entries.push({
      path: `data/secret/${groupFolder(i)}/testdata.yaml`,
      content: stringify({ ...(s.name ? { name: s.name } : {}), score: s.points, aggregation: s.scoring }),
    }),
  );
  const validator = interactive ? { name: 'interactor', ...problem.interactor } : { name: 'checker', ...problem.checker };
  if (validator.source !== undefined)
    entries.push({
      path: `output_validators/${validator.name}/${validator.name}.${validator.languageId === 50 ? 'c' : 'cpp'}`,
      content: validator.source,
    });
  return entries;
}

function groupFolder(index: number): string {
  return `subtask${String(index + 1).padStart(2, '0')}`;
}

function testFiles(stem: string, input: string, answer: string): PackageEntry[] {
  return [
    { path: `${stem}.in`, content: input },
    { path: `${stem}.ans`, content: answer },
  ];
}

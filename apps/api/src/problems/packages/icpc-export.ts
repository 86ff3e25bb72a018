import { CheckerSettings, InteractorSettings, ValidatorProtocolSettings } from '@oj/contracts';
import { stringify } from 'yaml';

import { ProblemDto } from '../dto/problem-response.dto';
import { numbered, sampleEntries, sampleGateIndex, testFiles } from './icpc-export-samples';
import { ICPC_MARKER, SECTION_HEADINGS } from './icpc-package';
import { SAMPLE_GROUP } from './icpc-test-data';
import type { PackageEntry } from './package-files';
import { templateEntries } from './package-templates';

/** Our built-in checkers as the flags of the ICPC default output validator (`exact` has none closer than `lines`). */
function validatorFlags(checker: CheckerSettings): string | undefined {
  if (checker.type === 'float') return `float_tolerance ${checker.epsilon}`;
  if (checker.type === 'lines' || checker.type === 'exact') return 'case_sensitive space_change_sensitive';
  if (checker.type === 'tokens') return 'case_sensitive';
  return undefined;
}

/**
 * A problem as the files of an ICPC (Kattis) problem package: problem.yaml (name, limits, validation), the statement
 * as Markdown with the export's section headings, samples (icpc-export-samples.ts), tests outside subtasks in data/secret and each subtask
 * as a group folder whose testdata.yaml holds its score and aggregation, and a custom checker as the output
 * validator (a testlib checker, which DOMjudge runs through its testlib wrapper, or an ICPC-protocol validator with its
 * support files, its arguments as validator_flags). An interactive problem's interactor is its `custom interactive`
 * validator, its built-in checker the validator flags; the format has room for one validator, so a custom checker
 * beside an interactor is left out. Its templates go in `templates/` (package-templates.ts). What the problem comes without (the hidden
 * tests, the jury code's sources, for a downloader who may not read them) is left out; problem.yaml still says which
 * validation the problem needs.
 */
export function icpcPackageEntries(problem: ProblemDto & { testCases: NonNullable<ProblemDto['testCases']> }): PackageEntry[] {
  const interactive = problem.type === 'interactive';
  const checker = problem.checker as CheckerSettings;
  const interactor = problem.interactor as Partial<InteractorSettings> | undefined;
  // An ICPC validator's own arguments go back where they came from; a built-in checker's become the default's flags.
  const jury: ValidatorProtocolSettings = (interactive ? interactor : checker) ?? {};
  const flags = jury.protocol === 'icpc' ? jury.validatorFlags?.join(' ') || undefined : validatorFlags(checker);
  const meta = {
    name: problem.title,
    validation: interactive ? 'custom interactive' : checker.type === 'custom' ? 'custom' : 'default',
    ...(flags ? { validator_flags: flags } : {}),
    limits: { time_limit: problem.cpuTimeLimit, memory: problem.memoryLimit, output: problem.outputLimit },
  };
  const sections = (Object.keys(SECTION_HEADINGS) as (keyof typeof SECTION_HEADINGS)[])
    .filter((field) => problem[field].trim())
    .map((field) => `${SECTION_HEADINGS[field]}\n\n${problem[field].trim()}`);
  const entries: PackageEntry[] = [
    { path: ICPC_MARKER, content: stringify(meta) },
    { path: 'problem_statement/problem.en.md', content: `${[problem.statement.trim(), ...sections].join('\n\n')}\n` },
  ];
  entries.push(...sampleEntries(problem));
  const gate = sampleGateIndex(problem.subtasks);
  const groupOf = (index: number) => (index === gate ? SAMPLE_GROUP : groupFolder(index));
  problem.testCases.forEach((t, i) => {
    if (t.subtask === gate) return;
    const folder = t.subtask === undefined ? 'data/secret' : `data/secret/${groupFolder(t.subtask)}`;
    entries.push(...testFiles(`${folder}/${numbered(i)}`, t.input, t.output));
  });
  problem.subtasks.forEach((s, i) => {
    if (i === gate) return;
    entries.push({
      path: `data/secret/${groupFolder(i)}/testdata.yaml`,
      content: stringify({
        ...(s.name ? { name: s.name } : {}),
        score: s.points,
        aggregation: s.scoring,
        // 2025-09's group dependencies, which may only name earlier groups (or `sample`).
        ...(s.dependsOn?.some((d) => d < i) ? { require_pass: s.dependsOn.filter((d) => d < i).map(groupOf) } : {}),
      }),
    });
  });
  const validator = interactive ? { name: 'interactor', ...interactor } : { name: 'checker', ...checker };
  if (validator.source !== undefined) {
    const folder = `output_validators/${validator.name}`;
    entries.push({ path: `${folder}/${validator.name}.${SOURCE_ENDINGS[validator.languageId ?? 54] ?? 'cpp'}`, content: validator.source });
    for (const file of validator.supportFiles ?? []) entries.push({ path: `${folder}/${file.name}`, content: file.content });
  }
  entries.push(...templateEntries(problem.templates));
  return entries;
}

/** A validator's file ending by its language (Judge0 CE ids: C, C++, Python 3). */
const SOURCE_ENDINGS: Record<number, string> = { 50: 'c', 54: 'cpp', 71: 'py' };

function groupFolder(index: number): string {
  return `subtask${String(index + 1).padStart(2, '0')}`;
}

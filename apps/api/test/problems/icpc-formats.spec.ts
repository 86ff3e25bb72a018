import { buildZip } from '@oj/api-testing';

import { ProblemDto } from '../../src/problems/dto/problem-response.dto';
import { icpcPackageEntries } from '../../src/problems/packages/icpc-export';
import { readIcpcPackage } from '../../src/problems/packages/icpc-package';
import { derivedTimeLimitSeconds } from '../../src/problems/packages/icpc-time-limit';
import { PackageFiles } from '../../src/problems/packages/package-files';
import { isPython2 } from '../../src/problems/packages/source-language';
import { ArchiveRejectedError, readTestArchive } from '../../src/problems/zip/test-archive-reader';

/** An ICPC package of these files, read. Every package here is written for these tests from the format's specification. */
async function read(files: Record<string, string>) {
  const zip = await buildZip(Object.entries(files).map(([name, content]) => ({ name, content })));
  return readIcpcPackage(new PackageFiles(await readTestArchive(zip), ['problem.yaml']));
}

const TESTS = {
  'data/sample/1.in': '1 2\n',
  'data/sample/1.ans': '3\n',
  'data/secret/1.in': '2 2\n',
  'data/secret/1.ans': '4\n',
};

/** An ICPC output validator in Python: accepts when the team's number equals the answer's (exit 42, else 43). */
const PY_VALIDATOR = `import sys
from helpers import read_number
answer = read_number(open(sys.argv[2]))
team = read_number(sys.stdin)
sys.exit(42 if team == answer else 43)
`;
const PY_HELPERS = 'def read_number(stream):\n    return int(stream.read().split()[0])\n';
const CPP_VALIDATOR = `#include <fstream>
#include <iostream>
#include "compare.h"
int main(int argc, char **argv) {
  std::ifstream answer(argv[2]);
  long long expected, got;
  answer >> expected;
  if (!(std::cin >> got)) return 43;
  return same(expected, got) ? 42 : 43;
}
`;

/** A problem as the export reads it: a small one, with what a test gives in `fields`. */
function exportable(fields: Record<string, unknown>) {
  return {
    title: 'Round trip',
    statement: 'Add.',
    inputFormat: '',
    outputFormat: '',
    constraints: '',
    cpuTimeLimit: 1,
    memoryLimit: 256,
    samples: [],
    subtasks: [],
    templates: [],
    ...fields,
  } as unknown as ProblemDto & { testCases: NonNullable<ProblemDto['testCases']> };
}

describe('ICPC packages, legacy and 2023-07 (issue 31)', () => {
  it('reads a 2023-07 scoring package: limits, statement/, group scores in each spelling, the rest shared out', async () => {
    const reading = await read({
      'problem.yaml': [
        'problem_format_version: 2023-07-draft',
        'type: scoring',
        'name: Sums',
        'uuid: 7d3c5e8a-1111-4222-8333-944455556666',
        'limits:',
        '  time_limit: 1.5',
        '  memory: 256',
        '  output: 16',
      ].join('\n'),
      'statement/problem.en.md': 'Add.\n\n## Input\n\nTwo numbers.\n',
      'data/sample/1.in': '1 2\n',
      'data/sample/1.ans': '3\n',
      'data/secret/group1/testdata.yaml': 'scoring:\n  score: 40\n  aggregation: pass-fail\n',
      'data/secret/group1/1.in': '1 1\n',
      'data/secret/group1/1.ans': '2\n',
      'data/secret/group2/test_group.yaml': 'max_score: 30\nscore_aggregation: sum\n',
      'data/secret/group2/1.in': '2 2\n',
      'data/secret/group2/1.ans': '4\n',
      'data/secret/group2/2.in': '3 3\n',
      'data/secret/group2/2.ans': '6\n',
      'data/secret/group3/a.in': '4 4\n',
      'data/secret/group3/a.ans': '8\n',
    });
    expect(reading.problem).toMatchObject({
      title: 'Sums',
      statement: 'Add.',
      inputFormat: 'Two numbers.',
      cpuTimeLimit: 1.5,
      memoryLimit: 256,
      outputLimit: 16,
      checker: { type: 'tokens' },
      // The samples first, judged in a gate worth 0: they add nothing to a score, as the format says.
      subtasks: [
        { name: 'sample', scoring: 'min', points: 0 },
        { name: 'group1', scoring: 'min', points: 40 },
        { name: 'group2', scoring: 'sum', points: 30 },
        { name: 'group3', scoring: 'min', points: 30 },
      ],
    });
    expect(reading.problem.testCases.map((t) => [t.input, t.points, t.subtask])).toEqual([
      ['1 2\n', 1, 0],
      ['1 1\n', 1, 1],
      ['2 2\n', 15, 2],
      ['3 3\n', 15, 2],
      ['4 4\n', 1, 3],
    ]);
    expect(reading.timeLimit).toEqual({ rule: 'package', detail: 'problem.yaml limits.time_limit: 1.5 s' });
  });

  it("maps a 2023-07 interactive package's output_validator/ in Python to an ICPC interactor, support files and args", async () => {
    const reading = await read({
      'problem.yaml': 'problem_format_version: 2023-07\ntype: [pass-fail, interactive]\nname: Guess\nlimits: {time_limit: 2}\n',
      'statement/problem.en.md': 'Guess the number.\n',
      'data/testdata.yaml': 'output_validator_args: [--max, "10"]\n',
      ...TESTS,
      'output_validator/validator.py': PY_VALIDATOR,
      'output_validator/helpers.py': PY_HELPERS,
    });
    expect(reading.problem.interactor).toEqual({
      protocol: 'icpc',
      languageId: 71,
      source: PY_VALIDATOR,
      supportFiles: [{ name: 'helpers.py', content: PY_HELPERS }],
      validatorFlags: ['--max', '10'],
    });
    expect(reading.warnings).toEqual([]);
  });

  it("shows an interactive sample's .interaction log, not the interactor's secret .in, and judges with the .in", async () => {
    // problemtools' guess ships its samples so: 1.in holds the number to guess, 1.interaction the dialogue.
    const reading = await read({
      'problem.yaml': 'problem_format_version: 2023-07\ntype: [pass-fail, interactive]\nname: Guess\nlimits: {time_limit: 2}\n',
      'data/sample/1.in': '993\n',
      'data/sample/1.ans': '',
      'data/sample/1.interaction': '>792\n<higher\n>999\n<lower\n>993\n<correct\n',
      'data/secret/1.in': '5\n',
      'data/secret/1.ans': '',
      'output_validator/validator.py': PY_VALIDATOR,
    });
    expect(reading.problem.samples).toEqual([
      {
        input: 'higher\nlower\ncorrect\n',
        output: '792\n999\n993\n',
        explanation: 'The dialogue in order (`<` the judge, `>` your program):\n\n```\n>792\n<higher\n>999\n<lower\n>993\n<correct\n```',
      },
    ]);
    // The sample is judged too, with its .in (the interactor's), in the samples' gate.
    expect(reading.problem.testCases).toEqual([
      { input: '993\n', output: '', points: 1, subtask: 0 },
      { input: '5\n', output: '', points: 1 },
    ]);
    expect(reading.problem.subtasks).toEqual([{ name: 'sample', scoring: 'min', points: 0 }]);
  });

  it('gives a package without limits.memory, or with one that is no number, the most memory this judge allows', async () => {
    const absent = await read({ 'problem.yaml': 'name: M\n', ...TESTS });
    expect(absent.problem.memoryLimit).toBe(1024);
    expect(absent.warnings.some((w) => w.includes('memory'))).toBe(false);
    const wrong = await read({ 'problem.yaml': 'name: M\nlimits: {memory: lots}\n', ...TESTS });
    expect(wrong.problem.memoryLimit).toBe(1024);
    expect(wrong.warnings).toContain('problem.yaml limits.memory is not a number (lots): 1024 MB is used.');
  });

  it('shows a sample given only as an .interaction log, and judges none for it', async () => {
    // problemtools' guess (2023-07) has no sample .in at all: "additional sample interaction protocols".
    const reading = await read({
      'problem.yaml': 'problem_format_version: 2023-07-draft\ntype: interactive\nname: Guess\nlimits: {time_limit: 2}\n',
      'data/sample/1.interaction': '>50\n<lower\n>25\n<correct\n',
      'data/sample/2.interaction': '>50\n<correct\n',
      'data/secret/1.in': '5\n',
      'data/secret/1.ans': '',
      'output_validator/validator.py': PY_VALIDATOR,
    });
    expect(reading.problem.samples.map((s) => [s.input, s.output])).toEqual([
      ['lower\ncorrect\n', '50\n25\n'],
      ['correct\n', '50\n'],
    ]);
    expect(reading.problem.testCases).toEqual([{ input: '5\n', output: '', points: 1 }]);
    expect(reading.problem.subtasks).toEqual([]);
  });

  it('judges the samples first in a gate worth 0, unless a legacy root grader ignores them (ignore_sample)', async () => {
    const legacy = {
      'problem.yaml': 'name: Add\n',
      'data/sample/1.in': '1 2\n',
      'data/sample/1.ans': '3\n',
      'data/secret/1.in': '5 5\n',
      'data/secret/1.ans': '10\n',
    };
    const judged = await read(legacy);
    expect(judged.problem.testCases.map((t) => [t.input, t.subtask])).toEqual([
      ['1 2\n', 0],
      ['5 5\n', undefined],
    ]);
    expect(judged.problem.subtasks).toEqual([{ name: 'sample', scoring: 'min', points: 0 }]);
    const ignored = await read({ ...legacy, 'data/testdata.yaml': 'grader_flags: ignore_sample\n' });
    expect(ignored.problem.testCases.map((t) => t.input)).toEqual(['5 5\n']);
    expect(ignored.problem.subtasks).toEqual([]);
    expect(ignored.problem.samples).toEqual([{ input: '1 2\n', output: '3\n' }]);
  });

  it('shows .in.statement, .out and .ans.statement instead of the sample files they stand for (2025-09)', async () => {
    const reading = await read({
      'problem.yaml': 'problem_format_version: 2025-09\nname: Shown\nlimits: {time_limit: 1}\n',
      'data/sample/1.in': '1 2 extra-for-the-validator\n',
      'data/sample/1.in.statement': '1 2\n',
      'data/sample/1.ans': '3 any order\n',
      'data/sample/1.out': '3\n',
      'data/sample/2.in': '2 2\n',
      'data/sample/2.ans': '4\n',
      'data/sample/2.ans.statement': 'four\n',
      'data/secret/1.in': '5 5\n',
      'data/secret/1.ans': '10\n',
    });
    expect(reading.problem.samples).toEqual([
      { input: '1 2\n', output: '3\n' },
      { input: '2 2\n', output: 'four\n' },
    ]);
  });

  it('takes a 2023-07 pass-fail package with an output_validator/ folder as custom, and without one as default', async () => {
    const files = { 'problem.yaml': 'problem_format_version: 2023-07-draft\nname: V\nlimits: {time_limit: 1}\n', ...TESTS };
    expect((await read({ ...files, 'output_validator/validator.py': PY_VALIDATOR })).problem.checker).toMatchObject({
      type: 'custom',
      protocol: 'icpc',
      languageId: 71,
    });
    expect((await read(files)).problem.checker).toEqual({ type: 'tokens' });
  });

  it('maps a legacy output_validators/<name>/ C++ validator without testlib to an ICPC checker with its header and flags', async () => {
    const header = 'inline bool same(long long a, long long b) { return a == b; }\n';
    const reading = await read({
      'problem.yaml': 'name: Sum\nvalidation: custom\nvalidator_flags: float_tolerance 1e-6\nlimits:\n  output: 2\n  time_limit: 1\n',
      'data/secret/testdata.yaml': 'output_validator_flags: strict\n',
      ...TESTS,
      'output_validators/sum_validator/validate.cpp': CPP_VALIDATOR,
      'output_validators/sum_validator/compare.h': header,
    });
    expect(reading.problem.checker).toEqual({
      type: 'custom',
      protocol: 'icpc',
      languageId: 54,
      source: CPP_VALIDATOR,
      supportFiles: [{ name: 'compare.h', content: header }],
      validatorFlags: ['float_tolerance', '1e-6', 'strict'],
    });
    expect(reading.problem.interactor).toBeUndefined();
    expect(reading.problem.outputLimit).toBe(2);
  });

  it.each([
    ['problem_format_version: 2023-07-draft\ntype: multi-pass\nname: M\n', 'Multi-pass problems (type: multi-pass) are not supported'],
    [
      'problem_format_version: 2023-07\ntype: [interactive, multi-pass]\nname: M\n',
      'Multi-pass problems (type: multi-pass) are not supported',
    ],
    ['problem_format_version: 2023-07\ntype: submit-answer\nname: M\n', 'Submit-answer problems (type: submit-answer) are not supported'],
    [
      'name: M\nvalidation: custom multi-pass\nlimits:\n  validation_passes: 26\n',
      'Multi-pass problems (type: multi-pass) are not supported',
    ],
  ])('refuses %j with a clear message', async (yaml, message) => {
    await expect(read({ 'problem.yaml': yaml, ...TESTS })).rejects.toThrow(ArchiveRejectedError);
    await expect(read({ 'problem.yaml': yaml, ...TESTS })).rejects.toThrow(message);
  });

  it('takes the time limit from .timelimit, else the format derives it from the accepted submissions', async () => {
    expect((await read({ 'problem.yaml': 'name: T\n', '.timelimit': '3\n', ...TESTS })).timeLimit).toEqual({
      rule: 'timelimit-file',
      detail: '.timelimit: 3 s',
    });
    const legacy = await read({ 'problem.yaml': 'name: T\n', ...TESTS, 'submissions/accepted/a.cpp': 'int main(){}\n' });
    expect(legacy.timeLimit).toMatchObject({ rule: 'derived', multiplier: 5, resolutionSeconds: 1 });
    const modern = await read({
      'problem.yaml':
        'problem_format_version: 2023-07-draft\nname: T\nlimits:\n  time_multipliers: {ac_to_time_limit: 3}\n  time_resolution: 0.5\n',
      ...TESTS,
      'submissions/accepted/a.cpp': 'int main(){}\n',
    });
    expect(modern.timeLimit).toMatchObject({ rule: 'derived', multiplier: 3, resolutionSeconds: 0.5 });
    expect(modern.timeLimit).toMatchObject({ submissions: [{ path: 'submissions/accepted/a.cpp', languageId: 54 }] });
  });

  it('rounds a derived limit up to the resolution', () => {
    expect(derivedTimeLimitSeconds(300, 5, 1)).toBe(2);
    expect(derivedTimeLimitSeconds(200, 5, 1)).toBe(1);
    expect(derivedTimeLimitSeconds(10, 2, 1)).toBe(1);
    expect(derivedTimeLimitSeconds(1300, 2, 0.5)).toBe(3);
  });

  it('keeps empty .in and .ans files as tests, and uses data/sample as the tests when data/secret has none', async () => {
    const empty = await read({
      'problem.yaml': 'name: E\nlimits: {time_limit: 1}\n',
      'data/secret/1.in': '',
      'data/secret/1.ans': '',
    });
    expect(empty.problem.testCases).toEqual([{ input: '', output: '', points: 1 }]);
    const samplesOnly = await read({
      'problem.yaml': 'name: S\nlimits: {time_limit: 1}\n',
      'data/sample/1.in': '5\n',
      'data/sample/1.ans': '',
    });
    expect(samplesOnly.problem.testCases).toEqual([{ input: '5\n', output: '', points: 1 }]);
    expect(samplesOnly.problem.samples).toEqual([{ input: '5\n', output: '' }]);
    expect(samplesOnly.warnings).toContain('The package has tests only in data/sample: they are its tests.');
  });

  it('validates with an accepted submission in a language the judge runs as that language: never Python 2', async () => {
    const reading = await read({
      'problem.yaml': 'name: P\nlimits: {time_limit: 1}\n',
      ...TESTS,
      'submissions/accepted/a_py2.py': 'a, b = map(int, raw_input().split())\nprint a + b\n',
      'submissions/accepted/b.py': '#!/usr/bin/env python2\nprint(sum(map(int, raw_input().split())))\n',
      'submissions/accepted/c.py': 'print(sum(map(int, input().split())))\n',
    });
    expect(reading.mainSolution).toMatchObject({ path: 'submissions/accepted/c.py', languageId: 71 });
    expect(reading.warnings).toContain(
      'Not in a language this judge runs (Python 2 among them), so not run: submissions/accepted/a_py2.py, submissions/accepted/b.py.',
    );
    const cpp = await read({
      'problem.yaml': 'name: P\nlimits: {time_limit: 1}\n',
      ...TESTS,
      'submissions/accepted/a.py': 'print(sum(map(int, input().split())))\n',
      'submissions/accepted/z.cc': 'int main(){}\n',
    });
    expect(cpp.mainSolution).toMatchObject({ path: 'submissions/accepted/z.cc', languageId: 54 });
  });

  it('tells Python 2 from Python 3 by ending, shebang, name and print statement', () => {
    expect(isPython2('x.py2', 'print(1)')).toBe(true);
    expect(isPython2('x.py', '#!/usr/bin/python2\nprint(1)')).toBe(true);
    expect(isPython2('x_py2.py', 'print(1)')).toBe(true);
    expect(isPython2('x.py', 'print 1\n')).toBe(true);
    expect(isPython2('x.py', '#!/usr/bin/env python3\nprint(1)\n')).toBe(false);
    expect(isPython2('x.py', 'print(1)\nprint (2)\n')).toBe(false);
    expect(isPython2('x.py3', 'print 1\n')).toBe(false);
  });

  it('reads a LaTeX statement from statement/ (2023-07) and a non-English one with a warning', async () => {
    const reading = await read({
      'problem.yaml': 'problem_format_version: 2023-07\nname: {de: Summe}\nlimits: {time_limit: 1}\n',
      'statement/problem.de.tex':
        '\\problemname{Summe}\nAddiere \\textbf{zwei} Zahlen.\n\\section*{Input}\nZwei Zahlen.\n\\section*{Interaktion}\nFrage.\n',
      ...TESTS,
    });
    expect(reading.problem).toMatchObject({
      title: 'Summe',
      statement: 'Addiere **zwei** Zahlen.',
      inputFormat: 'Zwei Zahlen.\n\n### Interaktion\n\nFrage.',
    });
    expect(reading.warnings.some((w) => w.includes('\\section'))).toBe(false);
    expect(reading.warnings).toContain('No English statement: statement/problem.de.tex was imported.');
  });

  it('exports an ICPC validator, checker or interactor, so that it imports back the same', async () => {
    const icpc = {
      protocol: 'icpc' as const,
      languageId: 71,
      source: PY_VALIDATOR,
      supportFiles: [{ name: 'helpers.py', content: PY_HELPERS }],
      validatorFlags: ['--max', '10'],
    };
    const problem = exportable({ testCases: [{ input: '1 2\n', output: '3\n', points: 1 }] });
    for (const jury of [
      { type: 'standard', checker: { type: 'custom', ...icpc } },
      { type: 'interactive', checker: { type: 'tokens' }, interactor: icpc },
    ]) {
      const entries = icpcPackageEntries({ ...problem, ...jury } as typeof problem);
      const back = await read(Object.fromEntries(entries.map((e) => [e.path, e.content])));
      expect(back.problem.checker).toEqual(jury.checker.type === 'custom' ? jury.checker : { type: 'tokens' });
      expect(back.problem.interactor).toEqual('interactor' in jury ? icpc : undefined);
    }
  });

  it("reads a group's require_pass (2025-09) as its subtask's dependencies, and exports them back", async () => {
    const reading = await read({
      'problem.yaml': 'problem_format_version: 2025-09\ntype: scoring\nname: Needs\nlimits: {time_limit: 1}\n',
      ...TESTS,
      'data/secret/group1/1.in': '1 1\n',
      'data/secret/group1/1.ans': '2\n',
      'data/secret/group1/test_group.yaml': 'max_score: 30\nscore_aggregation: pass-fail\n',
      'data/secret/group2/1.in': '2 3\n',
      'data/secret/group2/1.ans': '5\n',
      'data/secret/group2/test_group.yaml': 'max_score: 70\nscore_aggregation: pass-fail\nrequire_pass: [sample, group1]\n',
    });
    // `sample` is the samples' gate, which a group may require.
    expect(reading.problem.subtasks).toEqual([
      { name: 'sample', scoring: 'min', points: 0 },
      { name: 'group1', scoring: 'min', points: 30 },
      { name: 'group2', scoring: 'min', points: 70, dependsOn: [0, 1] },
    ]);
    expect(reading.warnings.some((w) => w.includes('requires'))).toBe(false);

    const { subtasks, testCases, samples } = reading.problem;
    const entries = icpcPackageEntries(exportable({ checker: { type: 'tokens' }, subtasks, testCases, samples }));
    expect(entries.find((e) => e.path.endsWith('subtask03/testdata.yaml'))?.content).toContain(
      'require_pass:\n  - sample\n  - subtask02\n',
    );
    // The gate goes back to data/sample, not into data/secret.
    expect(entries.map((e) => e.path).filter((p) => p.includes('sample'))).toEqual(['data/sample/001.in', 'data/sample/001.ans']);
    const back = await read(Object.fromEntries(entries.map((e) => [e.path, e.content])));
    expect(back.problem.subtasks).toEqual(subtasks);
    expect(back.problem.testCases).toEqual(testCases);
  });

  it('reads a group worth 0 by its own score as a gate subtask, and exports it back as one', async () => {
    const reading = await read({
      'problem.yaml': 'problem_format_version: 2023-07-draft\ntype: scoring\nname: Gate\nlimits: {time_limit: 1}\n',
      ...TESTS,
      'data/secret/group1/1.in': '1 1\n',
      'data/secret/group1/1.ans': '2\n',
      'data/secret/group1/testdata.yaml': 'scoring: {score: 0, aggregation: min}\n',
      'data/secret/group2/1.in': '2 3\n',
      'data/secret/group2/1.ans': '5\n',
      'data/secret/group2/testdata.yaml': 'scoring: {score: 100, aggregation: min}\nrequire_pass: [group1]\n',
    });
    expect(reading.problem.subtasks).toEqual([
      { name: 'sample', scoring: 'min', points: 0 },
      { name: 'group1', scoring: 'min', points: 0 },
      { name: 'group2', scoring: 'min', points: 100, dependsOn: [1] },
    ]);
    expect(reading.warnings.filter((w) => w.includes('group1'))).toEqual([]);

    const problem = exportable({ checker: { type: 'tokens' }, subtasks: reading.problem.subtasks, testCases: reading.problem.testCases });
    const back = await read(Object.fromEntries(icpcPackageEntries(problem).map((e) => [e.path, e.content])));
    expect(back.problem.subtasks.map((s) => [s.name, s.scoring, s.points, s.dependsOn])).toEqual([
      ['sample', 'min', 0, undefined],
      ['group1', 'min', 0, undefined],
      ['group2', 'min', 100, [1]],
    ]);
  });

  describe("problem.yaml's constants (2025-09)", () => {
    const PACKAGE = {
      'problem.yaml': 'problem_format_version: 2025-09\nname: C\nconstants:\n  k: 3\n  big:\n    value: 5000000\n    tex: 5{,}000{,}000\n',
      'statement/problem.en.md': 'Add {{k}}, at most {{big.tex}}; {{nothing}} stays.\n',
      'output_validator/validate.py':
        'import sys\nsys.exit(42 if int(sys.stdin.read()) == int(open(sys.argv[1]).read()) + {{k}} else 43)\n',
      'submissions/accepted/add.py': 'print(int(input()) + {{k}})\n',
      'data/secret/test_group.yaml': 'output_validator_args: [--k, "{{k}}"]\n',
      'data/secret/1.in': '{{k}}\n',
      'data/secret/1.ans': '4\n',
    };

    it('replaces {{name}} and {{name.variant}} in statements, validators, submissions and group settings, never in test data', async () => {
      const reading = await read(PACKAGE);
      expect(reading.problem.statement).toContain('Add 3, at most 5{,}000{,}000; {{nothing}} stays.');
      expect(reading.problem.checker).toMatchObject({
        type: 'custom',
        source: expect.stringContaining('int(open(sys.argv[1]).read()) + 3 else 43'),
        validatorFlags: ['--k', '3'],
      });
      expect(reading.mainSolution).toMatchObject({ path: 'submissions/accepted/add.py', source: 'print(int(input()) + 3)\n' });
      expect(reading.problem.testCases).toEqual([{ input: '{{k}}\n', output: '4\n', points: 1 }]);
      expect(reading.warnings).toContain('Constants problem.yaml does not define, left as they are: {{nothing}}.');
    });

    it("replaces \\constant{name} in a LaTeX statement, and says a package's include/ files are not added", async () => {
      const { 'statement/problem.en.md': _, ...rest } = PACKAGE;
      const reading = await read({
        ...rest,
        'statement/problem.en.tex': 'Add \\constant{k} or \\constant{big.tex}.\n',
        'include/python3/lib.py': 'K = {{k}}\n',
      });
      expect(reading.problem.statement).toContain('Add 3 or 5{,}000{,}000.');
      expect(reading.warnings).toContain(
        'The files in include/ are not added to submissions here: a solution that needs them fails, its validation too.',
      );
    });

    it('names ten undefined sequences in its warning, and counts the rest', async () => {
      const statement = Array.from({ length: 25 }, (_, i) => `{{missing${i}}}`).join(' ');
      const reading = await read({ ...PACKAGE, 'statement/problem.en.md': `${statement}\n` });
      const warning = reading.warnings.find((w) => w.startsWith('Constants problem.yaml does not define'));
      expect(warning).toBe(
        `Constants problem.yaml does not define, left as they are: ${Array.from({ length: 10 }, (_, i) => `{{missing${i}}}`).join(', ')} and 15 more.`,
      );
    });

    it.each([
      ['constants: [1, 2]', 'problem.yaml: constants must be a map of names to values.'],
      ['constants:\n  1k: 3', 'problem.yaml: constant name "1k" is not a valid name.'],
      ['constants:\n  k: [3]', 'problem.yaml: constant k.value must be an integer, a float or a string.'],
      ['constants:\n  k:\n    tex: "3"', 'problem.yaml: constant k has no value.'],
    ])('refuses %j, naming what is wrong', async (yaml, message) => {
      await expect(read({ 'problem.yaml': `name: C\n${yaml}\n`, ...TESTS })).rejects.toThrow(message);
    });
  });

  describe('any shape of YAML value reads or is refused with a message, never a crash', () => {
    const VALUES = ['null', '5', '-1', '"x"', '[]', '[1, [2]]', '{}', '{a: {b: c}}', 'true', '.nan', '1e400', '"2023-07"'];
    const KEYS = [
      'constants',
      'constants.k',
      'name',
      'type',
      'limits',
      'validation',
      'validator_flags',
      'problem_format_version',
      'limits.time_limit',
      'limits.time_multipliers',
    ];
    const GROUP_KEYS = [
      'scoring',
      'max_score',
      'score',
      'accept_score',
      'aggregation',
      'grader_flags',
      'output_validator_args',
      'output_validator_flags',
    ];
    it.each(KEYS.flatMap((key) => VALUES.map((value) => [key, value])))('problem.yaml %s: %s', async (key, value) => {
      const [top, nested] = key.split('.');
      const yaml = nested ? `name: X\n${top}:\n  ${nested}: ${value}\n` : `${key === 'name' ? '' : 'name: X\n'}${top}: ${value}\n`;
      await readOrRefuse({ 'problem.yaml': yaml, ...TESTS, 'output_validators/v/v.cpp': 'int main(){return 42;}\n' });
    });
    it.each(GROUP_KEYS.flatMap((key) => VALUES.map((value) => [key, value])))('testdata.yaml %s: %s', async (key, value) => {
      await readOrRefuse({
        'problem.yaml': 'name: X\ntype: scoring\n',
        'data/secret/g/testdata.yaml': `${key}: ${value}\n`,
        'data/secret/g/1.in': '1\n',
        'data/secret/g/1.ans': '1\n',
      });
    });

    async function readOrRefuse(files: Record<string, string>) {
      try {
        const reading = await read(files);
        expect(typeof reading.problem.title).toBe('string');
        expect(Number.isFinite(reading.problem.cpuTimeLimit)).toBe(true);
        for (const t of reading.problem.testCases) expect(Number.isFinite(t.points)).toBe(true);
      } catch (error) {
        expect(error).toBeInstanceOf(ArchiveRejectedError);
      }
    }
  });
});

import { CheckerSettings, TestCaseData } from '@oj/contracts';

import { compileAndTryChecker } from '../../src/grading/checker-trial';
import { isDefinitiveFailure } from '../../src/grading/grade-aggregate';
import { localEngine, localGrader, removeWorkRoot } from '../sandbox/engine-fixture';
import {
  BROKEN_PYTHON_VALIDATOR,
  CRASHING_VALIDATOR,
  FEEDBACK_HEADER,
  PAIR_SUM_VALIDATOR,
  RAISING_VALIDATOR,
  SCORING_MODULE,
  SCORING_VALIDATOR,
  WORD_VALIDATOR,
  ZERO_EXIT_VALIDATOR,
} from './icpc-programs';

/** ICPC output validators (issue 31) in the real sandbox: C, C++ and Python 3, with feedback files and flags. */
const PYTHON = 71;
const C = 50;
const CPP = 54;
const printing = (text: string) => `import sys\nsys.stdin.read()\nsys.stdout.write(${JSON.stringify(text)})\n`;
const icpc = (languageId: number, source: string, more: Partial<CheckerSettings> = {}): CheckerSettings => ({
  type: 'custom',
  protocol: 'icpc',
  languageId,
  source,
  ...more,
});
const pairSum = icpc(CPP, PAIR_SUM_VALIDATOR, { supportFiles: [{ name: 'validate.h', content: FEEDBACK_HEADER }] });
const scoring = (validatorFlags: string[] = []) =>
  icpc(PYTHON, SCORING_VALIDATOR, { validatorFlags, supportFiles: [{ name: 'scoring.py', content: SCORING_MODULE }] });

function grade(sourceCode: string, checker: CheckerSettings, testCases: TestCaseData[]) {
  return localGrader().grade({ languageId: PYTHON, sourceCode, cpuTimeLimit: 2, memoryLimit: 128, testCases, checker });
}

describe('ICPC output validators in the local sandbox', () => {
  afterAll(removeWorkRoot);

  it('C++ with a support header: accepts any right answer (42), rejects with its judge message (43)', async () => {
    const tests: TestCaseData[] = [{ input: '10\n', output: '10\n', points: 2 }];
    const right = await grade(printing('3 7\n'), pairSum, tests);
    expect(right).toMatchObject({ status: 'accepted', score: 100 });
    expect(right.testCaseResults[0]).toMatchObject({ status: 'accepted', points: 2 });
    const wrong = await grade(printing('3 8\n'), pairSum, tests);
    expect(wrong).toMatchObject({ status: 'wrong_answer', score: 0 });
    expect(wrong.testCaseResults[0]).toMatchObject({ status: 'wrong_answer', points: 0, message: '3 + 8 is not 10' });
  }, 60_000);

  it('C: passes the validator flags after the feedback directory, one argument each; the judge message wins over the team message', async () => {
    const tests: TestCaseData[] = [{ input: '', output: 'yes\n', points: 1 }];
    const lenient = await grade(printing('YES\n'), icpc(C, WORD_VALIDATOR), tests);
    expect(lenient.testCaseResults[0]).toMatchObject({ status: 'accepted', message: 'flags: ; YES = yes' });
    const strict = await grade(printing('YES\n'), icpc(C, WORD_VALIDATOR, { validatorFlags: ['case_sensitive', 'two words'] }), tests);
    expect(strict.testCaseResults[0]).toMatchObject({
      status: 'wrong_answer',
      message: 'flags: case_sensitive|two words; YES != yes',
    });
  }, 60_000);

  it('Python 3 with a module: score.txt is the test’s points, score_multiplier.txt its share, both read on 42 only', async () => {
    const tests: TestCaseData[] = [
      { input: '', output: '1 2 3 4\n', points: 4 },
      { input: '', output: '9\n', points: 4 },
    ];
    const program = 'import sys\nsys.stdin.read()\nprint("1 2 0 0")\n';
    const scored = await grade(program, scoring(), tests);
    expect(scored.testCaseResults.map((t) => [t.status, t.points, t.message])).toEqual([
      ['wrong_answer', 2, '2 of 4 right'],
      ['wrong_answer', 0, '0 of 1 right'],
    ]);
    expect(scored.score).toBe(25);
    const multiplied = await grade(program, scoring(['multiplier']), [tests[0]]);
    expect(multiplied.testCaseResults[0]).toMatchObject({ status: 'wrong_answer', points: 2 });
    const full = await grade(printing('1 2 3 4\n'), scoring(), [tests[0]]);
    expect(full).toMatchObject({ status: 'accepted', score: 100 });
  }, 90_000);

  it.each([
    ['crashes', icpc(CPP, CRASHING_VALIDATOR), /test 1: The checker crashed/],
    ['exits 0', icpc(CPP, ZERO_EXIT_VALIDATOR), /test 1: The checker exited with code 0 \(an ICPC validator exits with 42 or 43\): done/],
    ['raises (Python, exit 1)', icpc(PYTHON, RAISING_VALIDATOR), /test 1: The checker exited with code 1/],
    ['scores more than the test is worth', scoring(['over']), /test 1: The checker scored 99, more than the test's 4 points/],
    ['has a syntax error (Python)', icpc(PYTHON, BROKEN_PYTHON_VALIDATOR), /does not compile\.\n[^]*invalid syntax/],
  ])(
    'ends the submission failed, never with a verdict, when the validator %s',
    async (_what, checker, message) => {
      const result = await grade(printing('1 2 3 4\n'), checker, [{ input: '', output: '1 2 3 4\n', points: 4 }]);
      expect(result).toMatchObject({ status: 'failed', score: 0 });
      expect(result.message).toMatch(message);
      expect(isDefinitiveFailure(result)).toBe(true);
    },
    60_000,
  );

  it('lets a validator write in its feedback directory and nowhere else in its box', async () => {
    const prying = [
      'import os, sys',
      'reached = []',
      "for path in ['answer.txt', 'input.txt', 'planted.txt']:",
      '    try:',
      "        open(path, 'a').close()",
      '        reached.append(path)',
      '    except OSError:',
      '        pass',
      "open(sys.argv[3] + 'judgemessage.txt', 'w').write('reached: ' + (','.join(reached) or 'nothing'))",
      'sys.exit(43 if reached else 42)',
    ].join('\n');
    const result = await grade(printing('1\n'), icpc(PYTHON, prying), [{ input: '', output: '1\n', points: 1 }]);
    expect(result.testCaseResults[0]).toMatchObject({ status: 'accepted', message: 'reached: nothing' });
  }, 60_000);

  it('compiles and tries a validator for the problem form (the trial test is worth 1 point)', async () => {
    const trial = { input: '', output: '1 2 0 0\n', answer: '1 2 3 4\n' };
    const job = { ...scoring(), source: SCORING_VALIDATOR, languageId: PYTHON, trial };
    expect(await compileAndTryChecker(localEngine().checkers(), { ...job, validatorFlags: ['multiplier'] })).toEqual({
      compiled: true,
      compilerOutput: '',
      trial: { outcome: 'wrong_answer', fraction: 0.5, message: '2 of 4 right' },
    });
    const broken = await compileAndTryChecker(localEngine().checkers(), {
      source: BROKEN_PYTHON_VALIDATOR,
      languageId: PYTHON,
      protocol: 'icpc',
    });
    expect(broken).toMatchObject({ compiled: false, compilerOutput: expect.stringMatching(/invalid syntax/) });
    const clash = await compileAndTryChecker(localEngine().checkers(), {
      source: PAIR_SUM_VALIDATOR,
      languageId: CPP,
      protocol: 'icpc',
      supportFiles: [{ name: 'main.cpp', content: '' }],
    });
    expect(clash).toMatchObject({ compiled: false, compilerOutput: expect.stringMatching(/main\.cpp would replace/) });
  }, 60_000);
});

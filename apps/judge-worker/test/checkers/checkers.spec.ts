import { CheckerSettings, TestCaseData } from '@oj/contracts';
import { existsSync, readdirSync, statSync } from 'fs';
import { join } from 'path';

import { JAVAC_ARCHIVE_FILE } from '../../src/engines/local/language-catalog';
import { compileAndTryChecker } from '../../src/grading/checker-trial';
import { isDefinitiveFailure } from '../../src/grading/grade-aggregate';
import { localEngine, localGrader, removeWorkRoot, workRoot } from '../sandbox/engine-fixture';
import {
  ABSOLUTE_POINTS_CHECKER,
  ANY_PAIR_CHECKER,
  BROKEN_CHECKER,
  CRASHING_CHECKER,
  ESCAPING_CHECKER,
  FAILING_CHECKER,
  HUGE_CHECKER,
  LOOPING_CHECKER,
  PARTIAL_POINTS_CHECKER,
  UPSTREAM_STYLE_CHECKER,
} from './checker-programs';

const PYTHON = 71;
const CPP = 54;
/** A Python solution that prints `text` whatever the input. */
const printing = (text: string) => `import sys\nsys.stdin.read()\nsys.stdout.write(${JSON.stringify(text)})\n`;
const custom = (source: string): CheckerSettings => ({ type: 'custom', source, languageId: CPP });

/** Every file under `dir`, however deep. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

function grade(sourceCode: string, checker: CheckerSettings, testCases: TestCaseData[]) {
  return localGrader().grade({ languageId: PYTHON, sourceCode, cpuTimeLimit: 2, memoryLimit: 128, testCases, checker });
}

describe('checkers in the local sandbox', () => {
  afterAll(removeWorkRoot);

  describe('built-in', () => {
    const third: TestCaseData[] = [{ input: '1 3\n', output: '0.333333333\n', points: 1 }];

    it('float: accepts an answer within epsilon and refuses one outside', async () => {
      expect(await grade(printing('0.3333334\n'), { type: 'float', epsilon: 1e-6 }, third)).toMatchObject({
        status: 'accepted',
        score: 100,
      });
      expect(await grade(printing('0.3334\n'), { type: 'float', epsilon: 1e-6 }, third)).toMatchObject({
        status: 'wrong_answer',
        score: 0,
      });
      expect(await grade(printing('0.3334\n'), { type: 'float', epsilon: 1e-3 }, third)).toMatchObject({ status: 'accepted' });
    }, 60_000);

    it('tokens ignores spacing; lines (the default) and exact do not', async () => {
      const tests: TestCaseData[] = [{ input: '', output: '1 2\n3\n', points: 1 }];
      expect(await grade(printing('1\n2   3'), { type: 'tokens' }, tests)).toMatchObject({ status: 'accepted' });
      expect(await grade(printing('1\n2   3'), { type: 'lines' }, tests)).toMatchObject({ status: 'wrong_answer' });
      expect(await grade(printing('1 2\r\n3\r\n'), { type: 'exact' }, tests)).toMatchObject({ status: 'accepted' });
      expect(await grade(printing('1 2\n3'), { type: 'exact' }, tests)).toMatchObject({ status: 'wrong_answer' });
      expect(
        await localGrader().grade({
          languageId: PYTHON,
          sourceCode: printing('1 2 \n3\n\n'),
          cpuTimeLimit: 2,
          memoryLimit: 128,
          testCases: tests,
        }),
      ).toMatchObject({
        status: 'accepted',
      });
    }, 60_000);
  });

  describe('custom (testlib)', () => {
    it('accepts any right answer a checker allows, with its message', async () => {
      const tests: TestCaseData[] = [{ input: '10\n', output: '5 5\n', points: 2 }];
      const result = await grade(printing('3 7\n'), custom(ANY_PAIR_CHECKER), tests);
      expect(result).toMatchObject({ status: 'accepted', score: 100 });
      expect(result.testCaseResults[0]).toMatchObject({ status: 'accepted', points: 2, message: 'ok 3 + 7' });
      const wrong = await grade(printing('3 8\n'), custom(ANY_PAIR_CHECKER), tests);
      expect(wrong.testCaseResults[0]).toMatchObject({ status: 'wrong_answer', points: 0, message: 'wrong answer 3 + 8 is not 10' });
      // The checker's binary is held only while a grading uses it.
      expect(readdirSync(workRoot()).filter((name) => name.startsWith('chk-'))).toEqual([]);
    }, 60_000);

    it('compiles a checker written the upstream testlib way (std headers, vector reads, patterns) and judges with it', async () => {
      const tests: TestCaseData[] = [{ input: '3\n5 -2 9\n', output: '-2 5 9 ascending\n', points: 1 }];
      const verdicts = await Promise.all(
        ['-2 5 9 ascending', '-2 9 5 Ascending', '-2 5 9 asc3nding', '-2 5 9 descending'].map(async (output) => {
          const result = await grade(printing(`${output}\n`), custom(UPSTREAM_STYLE_CHECKER), tests);
          return [result.testCaseResults[0].status, result.testCaseResults[0].message];
        }),
      );
      expect(verdicts).toEqual([
        ['accepted', 'ok 3 numbers'],
        ['wrong_answer', 'wrong answer 2nd number: expected 5, found 9'],
        ['wrong_answer', 'wrong output format order "asc3nding" does not match the pattern "[a-zA-Z]{1,10}"'],
        ['wrong_answer', 'wrong answer order DESCENDING'],
      ]);
    }, 120_000);

    it('scales a test by the partial points the checker gives', async () => {
      const tests: TestCaseData[] = [
        { input: '4\n', output: '1 2 3 4\n', points: 4 },
        { input: '1\n', output: '7\n', points: 4 },
      ];
      const result = await grade('n = int(input())\nprint(*([1, 2, 0, 0] if n == 4 else [7]))\n', custom(PARTIAL_POINTS_CHECKER), tests);
      expect(result.testCaseResults.map((t) => [t.status, t.points, t.message])).toEqual([
        ['wrong_answer', 2, '2 of 4 right'],
        ['accepted', 4, 'ok 1 numbers'],
      ]);
      expect(result).toMatchObject({ status: 'wrong_answer', score: 75 });
    }, 60_000);

    it('reads quitp and quitpartial points above 1 as the test’s own points (Polygon), capped at what it is worth', async () => {
      const tests: TestCaseData[] = [
        { input: '4\n', output: '1 2 3 4\n', points: 12 },
        { input: '4\n', output: '1 2 3 4\n', points: 5 },
        { input: '4\n', output: '9 2 3 4\n', points: 12 },
      ];
      const result = await grade('print(1, 2, 0, 0)\n', custom(ABSOLUTE_POINTS_CHECKER), tests);
      expect(result.testCaseResults.map((t) => [t.status, t.points, t.message])).toEqual([
        ['wrong_answer', 6, '2 of 4 right'],
        ['accepted', 5, '2 of 4 right'],
        ['wrong_answer', 3, '1 right after a wrong first'],
      ]);
      expect(result.score).toBe(48);
    }, 60_000);

    it('compiles a checker once and keeps it in the cache for the next grading', async () => {
      const first = await localEngine().checkers().build({ source: ANY_PAIR_CHECKER, languageId: CPP });
      const second = await localEngine().checkers().build({ source: ANY_PAIR_CHECKER, languageId: CPP });
      if (!('program' in first && 'program' in second)) throw new Error('the checker did not compile');
      // Two leases on one cached binary: the same file, not two copies.
      expect(statSync(first.program).ino).toBe(statSync(second.program).ino);
      const cached = readdirSync(join(workRoot(), 'checkers')).filter((f) => !f.endsWith('.tmp'));
      expect(cached.map((f) => statSync(join(workRoot(), 'checkers', f)).ino)).toContain(statSync(first.program).ino);
      first.release();
      second.release();
      expect(existsSync(first.program)).toBe(false);
    }, 60_000);

    it('shares one compile between concurrent requests for a new checker, each holding the binary until it releases it', async () => {
      const source = `${ANY_PAIR_CHECKER}// asked for twice at once\n`;
      const builds = await Promise.all([1, 2].map(() => localEngine().checkers().build({ source, languageId: CPP })));
      const leases = builds.map((build) => {
        if (!('program' in build)) throw new Error('the checker did not compile');
        return build;
      });
      expect(statSync(leases[0].program).ino).toBe(statSync(leases[1].program).ino);
      // The cached entry and the two leases.
      expect(statSync(leases[0].program).nlink).toBe(3);
      leases.forEach((lease) => lease.release());
      expect(readdirSync(workRoot()).filter((name) => name.startsWith('chk-'))).toEqual([]);
    }, 60_000);

    it('refuses a checker whose binary would pass 16 MiB (a 200 MB array) as a compile error, and keeps no big file', async () => {
      const result = await compileAndTryChecker(localEngine().checkers(), { source: HUGE_CHECKER, languageId: CPP });
      expect(result.compiled).toBe(false);
      expect(result.compilerOutput).toMatch(/^The compiled checker would be larger than 16 MiB, the most a checker may be/);
      // The engine's own precompiled C++ header and javac's archive (and their copies for the boxes) are the only big
      // files it keeps.
      const big = filesUnder(workRoot()).filter((f) => statSync(f).size > 16 * 1024 * 1024);
      expect(big.filter((f) => !f.endsWith('/bits/stdc++.h.gch') && !f.endsWith(`/${JAVAC_ARCHIVE_FILE}`))).toEqual([]);
    }, 60_000);

    it.each([
      ['crashes', CRASHING_CHECKER, /test 1: The checker crashed/],
      ['fails (exit 3)', FAILING_CHECKER, /test 1: The checker failed: FAIL/],
      ['does not compile', BROKEN_CHECKER, /does not compile/],
    ])(
      'ends the submission failed, never with a verdict, when the checker %s',
      async (_what, source, message) => {
        const result = await grade(printing('1\n'), custom(source), [{ input: '', output: '1\n', points: 1 }]);
        expect(result).toMatchObject({ status: 'failed', score: 0 });
        expect(result.message).toMatch(message);
        expect(isDefinitiveFailure(result)).toBe(true);
      },
      60_000,
    );

    it('stops a looping checker at its own time limit and fails the submission', async () => {
      const started = Date.now();
      const result = await grade(printing('1\n'), custom(LOOPING_CHECKER), [{ input: '', output: '1\n', points: 1 }]);
      expect(result).toMatchObject({ status: 'failed' });
      expect(result.message).toMatch(/test 1: The checker exceeded its time limit \(10 s\)/);
      expect(Date.now() - started).toBeLessThan(40_000);
    }, 60_000);

    it('contains a checker that tries the network and the file system: it sees its three files and nothing else', async () => {
      const result = await grade(printing('1\n'), custom(ESCAPING_CHECKER), [{ input: 'in\n', output: '1\n', points: 1 }]);
      expect(result.testCaseResults[0]).toMatchObject({ status: 'accepted', message: 'ok contained' });
    }, 60_000);

    it('reports the compiler output of a checker that does not compile', async () => {
      const result = await compileAndTryChecker(localEngine().checkers(), { source: BROKEN_CHECKER, languageId: CPP });
      expect(result.compiled).toBe(false);
      expect(result.compilerOutput).toMatch(/error: expected .;. before .quitf./);
      expect(await compileAndTryChecker(localEngine().checkers(), { source: ANY_PAIR_CHECKER, languageId: CPP })).toEqual({
        compiled: true,
        compilerOutput: '',
      });
    }, 60_000);
  });
});

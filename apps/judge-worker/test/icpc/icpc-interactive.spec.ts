import { GradeResult, InteractorSettings, TestCaseData } from '@oj/contracts';

import { isDefinitiveFailure } from '../../src/grading/grade-aggregate';
import { GUESS_PROGRAMS } from '../interactive/interactive-programs';
import { localGrader, removeWorkRoot } from '../sandbox/engine-fixture';
import {
  CRASHING_VALIDATOR,
  GUESS_VALIDATOR,
  POLLING_GUESS_VALIDATOR,
  PY_GUESS_VALIDATOR,
  SLOW_ANSWER_INTERACTOR,
  ZERO_EXIT_VALIDATOR,
} from './icpc-programs';

/**
 * ICPC interactive problems (issue 31): the output validator is the interactor, called `validator input answer
 * feedback_dir [flags]`, its stdout the program's stdin and back, judging with 42/43; issue 23's precedence holds.
 */
const CPP = 54;
const PYTHON = 71;
const CPP_GAME = GUESS_PROGRAMS[0];
const guess = (secret: number): TestCaseData => ({ input: `${secret}\n`, output: '', points: 2 });
const validator = (source: string, more: Partial<InteractorSettings> = {}): InteractorSettings => ({
  languageId: CPP,
  source,
  protocol: 'icpc',
  ...more,
});

function play(languageId: number, sourceCode: string, interactor: InteractorSettings, tests: TestCaseData[]): Promise<GradeResult> {
  return localGrader().grade({ languageId, sourceCode, cpuTimeLimit: 1, memoryLimit: 128, testCases: tests, interactor });
}

const first = (result: GradeResult) => result.testCaseResults[0];

describe('ICPC interactive problems on the local engine', () => {
  afterAll(removeWorkRoot);

  it('accepts a binary search (exit 42) in C++ and Python, against a C++ validator', async () => {
    const tests = [guess(1), guess(1_000_000_000), guess(123_456_789)];
    for (const [languageId, source] of [
      [CPP, CPP_GAME.binarySearch],
      [PYTHON, GUESS_PROGRAMS[1].binarySearch],
    ] as const) {
      const result = await play(languageId, source, validator(GUESS_VALIDATOR), tests);
      expect(result).toMatchObject({ status: 'accepted', score: 100 });
    }
  }, 120_000);

  it('accepts a binary search against a validator in C that waits in poll() and reads the end of the program’s output', async () => {
    const result = await play(CPP, CPP_GAME.binarySearch, validator(POLLING_GUESS_VALIDATOR, { languageId: 50 }), [guess(77), guess(1)]);
    expect(result).toMatchObject({ status: 'accepted', score: 100 });
  }, 60_000);

  it('accepts a binary search against a Python 3 validator', async () => {
    const result = await play(CPP, CPP_GAME.binarySearch, validator(PY_GUESS_VALIDATOR, { languageId: PYTHON }), [guess(987_654)]);
    expect(result).toMatchObject({ status: 'accepted', score: 100 });
  }, 60_000);

  it('gives a wrong guess the validator’s rejection (43) with its judge message', async () => {
    const result = await play(CPP, CPP_GAME.wrongGuess, validator(GUESS_VALIDATOR), [guess(42)]);
    expect(first(result)).toMatchObject({ status: 'wrong_answer', points: 0, message: 'guessed 1, the number was 42' });
  }, 60_000);

  it('passes the validator flags: a limit of 5 queries rejects a binary search', async () => {
    const result = await play(CPP, CPP_GAME.binarySearch, validator(GUESS_VALIDATOR, { validatorFlags: ['5'] }), [guess(123_456_789)]);
    expect(first(result)).toMatchObject({ status: 'wrong_answer', message: 'more than 5 queries' });
  }, 60_000);

  it('the program’s own failure wins: a crash mid-dialogue is a runtime error, a spin a time limit', async () => {
    const crash =
      '#include <iostream>\n#include <cstdlib>\nint main(){std::cout<<"? 5"<<std::endl;std::string a;std::cin>>a;std::abort();}';
    expect(first(await play(CPP, crash, validator(GUESS_VALIDATOR), [guess(7)]))).toMatchObject({ status: 'rte', message: 'SIGABRT' });
    const spin = '#include <iostream>\nint main(){std::cout<<"? 5"<<std::endl;volatile unsigned long x=0;for(;;)x++;}';
    expect(first(await play(CPP, spin, validator(GUESS_VALIDATOR), [guess(7)]))).toMatchObject({
      status: 'tle',
      message: expect.stringMatching(/^Time limit exceeded/),
    });
  }, 60_000);

  it('the validator spoke first: too many queries stay a wrong answer though the program then fails on the closed dialogue', async () => {
    const result = await play(CPP, CPP_GAME.linearSearch, validator(GUESS_VALIDATOR), [guess(1000)]);
    expect(first(result)).toMatchObject({ status: 'wrong_answer', message: 'more than 30 queries' });
  }, 60_000);

  it('the validator rejected first: a wrong answer, though the program then spins to its time limit (problemtools’ guess_tle)', async () => {
    const spin = '#include <cstdio>\nint main(){std::puts("! 8");std::fflush(stdout);volatile unsigned long x=0;for(;;)x++;}';
    const result = await play(CPP, spin, validator(GUESS_VALIDATOR), [guess(9)]);
    expect(first(result)).toMatchObject({ status: 'wrong_answer', points: 0, message: 'guessed 8, the number was 9' });
  }, 60_000);

  it('the program ended first: exit 42 at once is a runtime error, though the waiting validator then rejects, 50 times in 50 (problemtools’ guess_rte)', async () => {
    // A validator whose word for the end of the dialogue is its own, not "unexpected EOF".
    const ownWords = GUESS_VALIDATOR.replace('unexpected EOF from the program', "couldn't read a guess");
    const tests = Array.from({ length: 50 }, () => guess(9));
    const result = await play(CPP, 'int main(){return 42;}', validator(ownWords), tests);
    expect(result.testCaseResults.map((t) => [t.status, t.message])).toEqual(Array(50).fill(['rte', 'Exit code 42']));
  }, 120_000);

  it.each([
    ['crashes', CRASHING_VALIDATOR, /test 1: The interactor crashed/],
    ['exits 0', ZERO_EXIT_VALIDATOR, /test 1: The interactor exited with code 0/],
  ])(
    'ends the submission failed, never with a verdict, when the validator %s',
    async (_what, source, message) => {
      const result = await play(CPP, CPP_GAME.binarySearch, validator(source), [guess(7)]);
      expect(result).toMatchObject({ status: 'failed', score: 0 });
      expect(result.message).toMatch(/^Interactor failure \(the problem's, not the submission's\)/);
      expect(result.message).toMatch(message);
      expect(isDefinitiveFailure(result)).toBe(true);
    },
    60_000,
  );

  describe('a program that floods the interactor without reading (issue 32, item 7)', () => {
    it('is not waiting for it: the verdict is the program’s, never the problem’s failure', async () => {
      const flood = '#include <cstdio>\nint main(){for(;;){std::printf("? 1\\n");std::fflush(stdout);}}';
      const result = await play(CPP, flood, { languageId: CPP, source: SLOW_ANSWER_INTERACTOR }, [guess(7)]);
      expect(result.status).not.toBe('failed');
      expect(first(result)).toMatchObject({ status: 'tle', message: 'Idleness limit exceeded' });
    }, 60_000);
  });
});

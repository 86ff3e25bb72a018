import { CheckerSettings, GradeResult, TestCaseData } from '@oj/contracts';

import { discoverLanguages } from '../../src/engines/local/language-catalog';
import { isDefinitiveFailure } from '../../src/grading/grade-aggregate';
import { localGrader, removeWorkRoot } from '../sandbox/engine-fixture';
import {
  CRASHING_INTERACTOR,
  FAILING_INTERACTOR,
  GUESS_INTERACTOR,
  GUESS_PROGRAMS,
  GuessPrograms,
  LOOPING_INTERACTOR,
  PIPE_ATTACK,
} from './interactive-programs';

/**
 * Interactive problems in the real sandbox: each program in a box of its own against the interactor in another,
 * joined by pipes. Every precedence case of issue 23 has its test here.
 */
const CPP = 54;
const available = new Set(discoverLanguages().map((l) => l.language.id));
const guess = (secret: number, full?: number): TestCaseData => ({ input: `${secret}${full ? ` ${full}` : ''}\n`, output: '', points: 2 });
const GAME = [guess(1), guess(1_000_000_000), guess(123_456_789)];

interface Play {
  tests?: TestCaseData[];
  interactor?: string;
  checker?: CheckerSettings;
  cpu?: number;
  memory?: number;
}

function play(
  languageId: number,
  sourceCode: string,
  { tests = GAME, interactor = GUESS_INTERACTOR, ...rest }: Play = {},
): Promise<GradeResult> {
  return localGrader().grade({
    languageId,
    sourceCode,
    cpuTimeLimit: rest.cpu ?? (languageId === 62 ? 2 : 1),
    memoryLimit: rest.memory ?? 128,
    testCases: tests,
    interactor: { languageId: CPP, source: interactor },
    ...(rest.checker ? { checker: rest.checker } : {}),
  });
}

const first = (result: GradeResult) => result.testCaseResults[0];

describe('interactive problems on the local engine', () => {
  afterAll(removeWorkRoot);

  const languageTests = (p: GuessPrograms) => {
    it('accepts a binary search, with the interactor’s message', async () => {
      const result = await play(p.id, p.binarySearch);
      expect(result).toMatchObject({ status: 'accepted', score: 100 });
      expect(result.testCaseResults.map((t) => t.message)).toEqual([
        expect.stringMatching(/^ok guessed in \d+ queries$/),
        expect.stringMatching(/^ok guessed in \d+ queries$/),
        expect.stringMatching(/^ok guessed in \d+ queries$/),
      ]);
    }, 120_000);

    it('gives a wrong guess the interactor’s wrong answer', async () => {
      const result = await play(p.id, p.wrongGuess, { tests: [guess(42)] });
      expect(first(result)).toMatchObject({ status: 'wrong_answer', points: 0, message: 'wrong answer guessed 1, the number was 42' });
    }, 60_000);

    it('gives too many queries the interactor’s verdict, even when the program then fails on the closed dialogue', async () => {
      const result = await play(p.id, p.linearSearch, { tests: [guess(1000)] });
      expect(first(result)).toMatchObject({ status: 'wrong_answer', message: 'wrong answer more than 30 queries' });
    }, 60_000);

    it('ends a program that forgot to flush at the wall clock: idleness, a time limit', async () => {
      const result = await play(p.id, p.noFlush, { tests: [guess(7)] });
      expect(first(result)).toMatchObject({ status: 'tle', message: 'Idleness limit exceeded' });
    }, 60_000);

    it('gives a program that leaves early the interactor’s verdict, while it still writes', async () => {
      const result = await play(p.id, p.earlyExit, { tests: [guess(7)] });
      expect(first(result)).toMatchObject({ status: 'wrong_answer', message: expect.stringMatching(/Unexpected end of file/) });
    }, 60_000);

    it('bounds a program that writes without end', async () => {
      const started = Date.now();
      const result = await play(p.id, p.endlessWriter, { tests: [guess(7)] });
      expect(['wrong_answer', 'tle']).toContain(first(result).status);
      expect(Date.now() - started).toBeLessThan(30_000);
    }, 60_000);

    it('ends a program that reads without end at the wall clock, and one that sleeps', async () => {
      for (const source of [p.endlessReader, p.sleeper]) {
        const result = await play(p.id, source, { tests: [guess(7)] });
        expect(first(result)).toMatchObject({ status: 'tle', message: 'Idleness limit exceeded' });
      }
    }, 90_000);

    it('gives a memory bomb its memory limit, whatever the interactor then says', async () => {
      const result = await play(p.id, p.memoryBomb, { tests: [guess(7)], memory: 64 });
      expect(first(result)).toMatchObject({ status: 'rte', message: 'Memory limit exceeded' });
    }, 60_000);
  };
  for (const p of GUESS_PROGRAMS) (available.has(p.id) ? describe : describe.skip)(`in language ${p.id}`, () => languageTests(p));

  describe('the program’s own failure wins over what the interactor then says', () => {
    it('a time limit: TLE, though the interactor then sees the dialogue end', async () => {
      const spin = '#include <iostream>\nint main(){std::cout<<"? 5"<<std::endl;volatile unsigned long x=0;for(;;)x++;}';
      const result = await play(CPP, spin, { tests: [guess(7)] });
      // On a loaded host the pinned CPU may give it its second too slowly: then its wall clock ends it, computing,
      // which is still its own time limit and never the pair's idleness.
      expect(first(result)).toMatchObject({ status: 'tle', message: expect.stringMatching(/^Time limit exceeded/) });
    }, 60_000);

    it('a crash mid-dialogue: a runtime error, with its stderr', async () => {
      const crash =
        '#include <iostream>\n#include <cstdlib>\nint main(){std::cout<<"? 5"<<std::endl;std::string a;std::cin>>a;std::cerr<<"gave up"<<std::endl;std::abort();}';
      const result = await play(CPP, crash, { tests: [guess(7)] });
      expect(first(result)).toMatchObject({ status: 'rte', message: 'SIGABRT', stderr: 'gave up\n' });
    }, 60_000);
  });

  describe('an interactor that rejected first, while the program ran on, keeps its verdict (as Kattis and DOMjudge judge)', () => {
    const wrongThen = (then: string) =>
      `#include <cstdio>\n#include <unistd.h>\n#include <vector>\nint main(){std::puts("! 8");std::fflush(stdout);${then}}`;
    it.each([
      ['spins to its time limit', 'volatile unsigned long x=0;for(;;)x++;'],
      ['sleeps to the wall clock, ignoring the closed dialogue', 'for(;;)pause();'],
      [
        'allocates past its memory limit',
        'std::vector<char*> v;for(;;){char*p=new char[1<<20];for(int i=0;i<(1<<20);i+=4096)p[i]=1;v.push_back(p);}',
      ],
    ])(
      'a wrong answer, though the program then %s',
      async (_what, then) => {
        const result = await play(CPP, wrongThen(then), { tests: [guess(9)], memory: 64 });
        expect(first(result)).toMatchObject({ status: 'wrong_answer', points: 0, message: 'wrong answer guessed 8, the number was 9' });
      },
      60_000,
    );
  });

  describe('the interactor’s failures are the problem’s, never a verdict against the contestant', () => {
    const search = GUESS_PROGRAMS[0].binarySearch;

    it.each([
      ['crashes', CRASHING_INTERACTOR, /test 1: The interactor crashed/],
      ['exits 3', FAILING_INTERACTOR, /test 1: The interactor failed: FAIL the test's number is out of range/],
      ['loops', LOOPING_INTERACTOR, /test 1: The interactor (kept computing|exceeded its time limit)/],
      ['does not compile', 'int main( {', /^Interactor failure .*it does not compile/],
    ])(
      'ends the submission failed with a message for admins when the interactor %s',
      async (_what, interactor, message) => {
        const result = await play(CPP, search, { interactor, tests: [guess(7)] });
        expect(result).toMatchObject({ status: 'failed', score: 0 });
        expect(result.message).toMatch(/^Interactor failure \(the problem's, not the submission's\)/);
        expect(result.message).toMatch(message);
        expect(isDefinitiveFailure(result)).toBe(true);
      },
      60_000,
    );
  });

  it('gives partial points as the interactor says (quitp)', async () => {
    const result = await play(CPP, GUESS_PROGRAMS[0].binarySearch, { tests: [guess(123_456_789, 5), guess(1_000_000_000)] });
    expect(result.testCaseResults.map((t) => [t.status, t.points])).toEqual([
      ['wrong_answer', 1],
      ['accepted', 2],
    ]);
    expect(result.score).toBe(75);
  }, 60_000);

  it("runs the problem's custom checker on the interactor's output file once the interactor accepts", async () => {
    const atMost = `
#include "testlib.h"
int main(int argc, char *argv[]) {
  registerTestlibCmd(argc, argv);
  int used = ouf.readInt(), allowed = ans.readInt();
  if (used > allowed) quitf(_wa, "%d queries, %d allowed", used, allowed);
  quitf(_ok, "%d queries", used);
}
`;
    const tests = [
      { input: '1000000000\n', output: '40\n', points: 1 },
      { input: '1000000000\n', output: '5\n', points: 1 },
    ];
    const result = await play(CPP, GUESS_PROGRAMS[0].binarySearch, { tests, checker: { type: 'custom', languageId: CPP, source: atMost } });
    expect(result.testCaseResults.map((t) => [t.status, t.message])).toEqual([
      ['accepted', expect.stringMatching(/^ok \d+ queries$/)],
      ['wrong_answer', expect.stringMatching(/^wrong answer \d+ queries, 5 allowed$/)],
    ]);
  }, 60_000);

  describe('when both exit at once, the verdict is the same every time', () => {
    const fifty = (secret: number) => Array.from({ length: 50 }, () => guess(secret));

    it('50 runs of a program that answers and leaves at once: accepted, 50 times', async () => {
      const result = await play(CPP, '#include <cstdio>\nint main(){std::puts("! 9");return 0;}', { tests: fifty(9) });
      expect(result.testCaseResults.map((t) => t.status)).toEqual(Array(50).fill('accepted'));
    }, 120_000);

    it('50 runs of a program that answers wrong and crashes at once: the interactor spoke first, wrong answer 50 times', async () => {
      const source = '#include <cstdio>\n#include <cstdlib>\nint main(){std::puts("! 8");std::fflush(stdout);std::abort();}';
      const result = await play(CPP, source, { tests: fifty(9) });
      expect(result.testCaseResults.map((t) => [t.status, t.message])).toEqual(
        Array(50).fill(['wrong_answer', 'wrong answer guessed 8, the number was 9']),
      );
    }, 120_000);
  });

  it('keeps the program from the interactor through the pipe: neither its files nor its process are within reach', async () => {
    const result = await play(50, PIPE_ATTACK, { tests: [guess(987_654_321)] });
    expect(first(result)).toMatchObject({ status: 'accepted', message: expect.stringMatching(/^ok guessed in \d+ queries$/) });
  }, 60_000);

  it('runs custom input against the interactor: the text is its input file, its verdict the run’s', async () => {
    const run = await localGrader().run({
      languageId: CPP,
      sourceCode: GUESS_PROGRAMS[0].binarySearch,
      stdin: '777\n',
      cpuTimeLimit: 1,
      memoryLimit: 128,
      interactor: { languageId: CPP, source: GUESS_INTERACTOR },
    });
    expect(run).toMatchObject({ status: 'ok', verdict: 'accepted', message: expect.stringMatching(/^ok guessed in \d+ queries$/) });
    expect(run.stdout).toMatch(/^\d+\n$/);
  }, 60_000);
});

import { INestApplicationContext } from '@nestjs/common';
import { createAdmin, createTestApp, TestApp, TestSession } from '@oj/api-testing';

import { startWorker } from '../worker-harness';
import { importAndJudge } from './package-judging';

// Imports time accepted submissions and validate a main solution on a worker other tests load too.
jest.setTimeout(240_000);

const SUM_PY = 'import sys\nprint(sum(map(int, sys.stdin.read().split())))\n';
const SUM_CPP = '#include <cstdio>\nint main(){long long a=0,b=0,s=0;while(scanf("%lld",&a)==1)s+=a;printf("%lld\\n",s);(void)b;}\n';
/** Spins for about 5 s of CPU time whatever the input: past any limit these packages derive or state. */
const SPIN_CPP = '#include <ctime>\nint main(){volatile unsigned long x=0;while(clock()<5*CLOCKS_PER_SEC)x++;return 0;}\n';

/** A legacy ICPC output validator in C++ without testlib: the team's number must equal the answer's, its header beside it. */
const SUM_VALIDATOR = `#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include "verdicts.h"
int main(int argc, char **argv) {
  std::ifstream answer(argv[2]);
  long long expected, got;
  answer >> expected;
  std::string feedback = std::string(argv[3]) + "/judgemessage.txt";
  FILE *message = fopen(feedback.c_str(), "w");
  if (!(std::cin >> got)) { fprintf(message, "no number"); return REJECT; }
  fprintf(message, "%lld against %lld", got, expected);
  return got == expected ? ACCEPT : REJECT;
}
`;
const VERDICTS_H = '#define ACCEPT 42\n#define REJECT 43\n';

/**
 * A 2023-07 interactive validator in Python: the input file holds the hidden number; it answers each guess with
 * `lower`, `higher` or `correct`, and accepts a program that finds it within the guesses its argument allows.
 */
const GUESS_VALIDATOR = `import sys
from limits import guesses_allowed
hidden = int(open(sys.argv[1]).read())
allowed = guesses_allowed(sys.argv[4:])
for _ in range(allowed):
    line = sys.stdin.readline()
    if not line:
        break
    guess = int(line)
    if guess == hidden:
        print("correct", flush=True)
        sys.exit(42)
    print("lower" if hidden < guess else "higher", flush=True)
open(sys.argv[3] + "/judgemessage.txt", "w").write("not found")
sys.exit(43)
`;
const LIMITS_PY = 'def guesses_allowed(args):\n    return int(args[args.index("--guesses") + 1])\n';
const BINARY_SEARCH = `lo, hi = 1, 1000
while True:
    mid = (lo + hi) // 2
    print(mid, flush=True)
    reply = input()
    if reply == "correct":
        break
    if reply == "lower":
        hi = mid - 1
    else:
        lo = mid + 1
`;
const ALWAYS_ONE = 'while True:\n    print(1, flush=True)\n    if input() == "correct":\n        break\n';

/**
 * Issue 31 end to end: ICPC packages written for these tests from the format's specification, imported through the API
 * and every submission of theirs judged by a real worker, each with the verdict its folder names. Validators that
 * follow the ICPC interface (no testlib) are stored with protocol `icpc`, their support files and flags.
 */
describe('ICPC packages judged as their authors meant, with a real worker', () => {
  let t: TestApp;
  let admin: TestSession;
  let worker: INestApplicationContext;

  beforeAll(async () => {
    t = await createTestApp({ SUBMISSIONS_PER_MINUTE: '1000', VALIDATE_TIMEOUT_MS: '120000' });
    worker = await startWorker(t);
    admin = await createAdmin(t);
  }, 120_000);
  afterAll(async () => {
    await worker.close();
    await t.close();
  });

  const judge = (files: Record<string, string>) => importAndJudge(t, admin, files);

  it('stores and judges empty .in and .ans files ("print nothing" tests)', async () => {
    const files = {
      'problem.yaml': 'name: Silence\nlimits:\n  time_limit: 2\n',
      'data/sample/1.in': '',
      'data/sample/1.ans': '',
      'data/secret/1.in': '',
      'data/secret/1.ans': '',
      'data/secret/2.in': '5\n',
      'data/secret/2.ans': '',
      'submissions/accepted/quiet.py': 'import sys\nsys.stdin.read()\n',
      'submissions/wrong_answer/loud.py': 'print(1)\n',
    };
    const { body, verdicts, expected } = await judge(files);
    // The sample first (judged, in the samples' gate), then the secret tests.
    expect(body.problem.testCases.map((c: { input: string; output: string }) => [c.input, c.output])).toEqual([
      ['', ''],
      ['', ''],
      ['5\n', ''],
    ]);
    expect(body.mainSolution).toMatchObject({ path: 'submissions/accepted/quiet.py', message: null });
    expect(verdicts).toEqual(expected);
  });

  it('judges the samples too: a submission wrong only on a sample is rejected, as the format says', async () => {
    const files = {
      'problem.yaml': 'problem_format_version: 2023-07-draft\nname: Samples count\nlimits: {time_limit: 2}\n',
      'data/sample/1.in': '41 1\n',
      'data/sample/1.ans': '42\n',
      'data/secret/1.in': '1 2\n',
      'data/secret/1.ans': '3\n',
      'data/secret/2.in': '5 5\n',
      'data/secret/2.ans': '10\n',
      'submissions/accepted/sum.py': SUM_PY,
      'submissions/wrong_answer/not_on_41.py': 'a, b = map(int, input().split())\nprint(a + b + (a == 41))\n',
    };
    const { body, verdicts, expected } = await judge(files);
    expect(body.problem.subtasks).toEqual([{ name: 'sample', scoring: 'min', points: 0 }]);
    expect(verdicts).toEqual(expected);
  });

  it('uses data/sample as the tests of a package that has no data/secret tests', async () => {
    const files = {
      'problem.yaml': 'problem_format_version: 2023-07-draft\nname: Samples only\nlimits: {time_limit: 2}\n',
      'statement/problem.en.md': 'Add the numbers.\n',
      'data/sample/1.in': '1 2\n',
      'data/sample/1.ans': '3\n',
      'data/sample/2.in': '5 5\n',
      'data/sample/2.ans': '10\n',
      'submissions/accepted/sum.py': SUM_PY,
      'submissions/wrong_answer/first.py': 'print(input().split()[0])\n',
    };
    const { body, verdicts, expected } = await judge(files);
    expect(body.problem.testCases).toHaveLength(2);
    expect(body.warnings).toContain('The package has tests only in data/sample: they are its tests.');
    expect(verdicts).toEqual(expected);
  });

  it('derives the time limit from the accepted submissions (legacy: 5 x the slowest, whole seconds), and says so', async () => {
    const files = {
      'problem.yaml': 'name: Derived\n',
      ...Object.fromEntries(
        [1, 2, 3].flatMap((n) => [
          [`data/secret/${n}.in`, `${n} ${n}\n`],
          [`data/secret/${n}.ans`, `${2 * n}\n`],
        ]),
      ),
      'submissions/accepted/sum.cpp': SUM_CPP,
      'submissions/time_limit_exceeded/spin.cpp': SPIN_CPP,
      'submissions/run_time_error/crash.py': 'raise SystemExit(3)\n',
    };
    const { body, verdicts, expected } = await judge(files);
    expect(body.timeLimit).toMatchObject({ seconds: 1, rule: 'derived' });
    expect(body.timeLimit.detail).toMatch(
      /^limits\.time_multiplier 5 x the slowest accepted submission, rounded up to a multiple of 1 s: submissions\/accepted\/sum\.cpp took \d+ ms, so 1 s\.$/,
    );
    expect(body.problem.cpuTimeLimit).toBe(1);
    expect(verdicts).toEqual(expected);
  });

  it("reads DOMjudge's .timelimit", async () => {
    const files = {
      'problem.yaml': 'name: Timed\n',
      '.timelimit': '1\n',
      'data/secret/1.in': '1 2\n',
      'data/secret/1.ans': '3\n',
      'submissions/accepted/sum.py': SUM_PY,
      'submissions/time_limit_exceeded/spin.cpp': SPIN_CPP,
    };
    const { body, verdicts, expected } = await judge(files);
    expect(body.timeLimit).toEqual({ seconds: 1, rule: 'timelimit-file', detail: '.timelimit: 1 s' });
    expect(verdicts).toEqual(expected);
  });

  it('judges a 2023-07 scoring package by its group scores, validated with its Python 3 solution, not the Python 2 one', async () => {
    const files = {
      'problem.yaml': 'problem_format_version: 2023-07-draft\ntype: scoring\nname: Scored\nlimits:\n  time_limit: 2\n  memory: 256\n',
      'statement/problem.en.md': 'Add.\n',
      'data/secret/easy/testdata.yaml': 'scoring:\n  score: 40\n',
      'data/secret/easy/1.in': '1 1\n',
      'data/secret/easy/1.ans': '2\n',
      'data/secret/hard/1.in': '100 1\n',
      'data/secret/hard/1.ans': '101\n',
      'submissions/accepted/a_py2.py': 'a, b = map(int, raw_input().split())\nprint a + b\n',
      'submissions/accepted/b.py': SUM_PY,
      'submissions/wrong_answer/small.py': 'a, b = map(int, input().split())\nprint(a + b if a < 10 else 0)\n',
    };
    const { body, verdicts, expected } = await judge(files);
    expect(body.problem.subtasks).toEqual([
      { name: 'easy', scoring: 'min', points: 40 },
      { name: 'hard', scoring: 'min', points: 60 },
    ]);
    expect(body.mainSolution).toMatchObject({ path: 'submissions/accepted/b.py', languageId: 71, message: null });
    expect(body.warnings).toContain('Not in a language this judge runs (Python 2 among them), so not run: submissions/accepted/a_py2.py.');
    expect(verdicts).toEqual(expected);
  });

  it('judges a legacy package by its C++ validator (no testlib), with its header and validator_flags', async () => {
    const { body, stored, verdicts, expected } = await judge({
      'problem.yaml': 'name: Sum\nvalidation: custom\nvalidator_flags: strict\nlimits:\n  time_limit: 2\n',
      'data/secret/1.in': '1 2\n',
      'data/secret/1.ans': '3\n',
      'data/secret/2.in': '20 22\n',
      'data/secret/2.ans': '42\n',
      'output_validators/sum/validate.cpp': SUM_VALIDATOR,
      'output_validators/sum/verdicts.h': VERDICTS_H,
      'submissions/accepted/sum.py': 'print(sum(map(int, input().split())))\n',
      'submissions/wrong_answer/first.py': 'print(input().split()[0])\n',
    });
    expect(stored.checker).toEqual({
      type: 'custom',
      protocol: 'icpc',
      languageId: 54,
      source: SUM_VALIDATOR,
      supportFiles: [{ name: 'verdicts.h', content: VERDICTS_H }],
      validatorFlags: ['strict'],
    });
    expect(body.mainSolution).toMatchObject({ path: 'submissions/accepted/sum.py', message: null });
    expect(verdicts).toEqual(expected);
  });

  it('judges a 2023-07 interactive package through its Python validator as the interactor, with its module and args', async () => {
    const { body, stored, verdicts, expected } = await judge({
      'problem.yaml': 'problem_format_version: 2023-07-draft\ntype: interactive\nname: Guess\nlimits: {time_limit: 2}\n',
      'statement/problem.en.md': 'Guess the number from 1 to 1000.\n',
      'data/testdata.yaml': 'output_validator_args: [--guesses, "10"]\n',
      'data/secret/1.in': '1\n',
      'data/secret/1.ans': '',
      'data/secret/2.in': '777\n',
      'data/secret/2.ans': '',
      'output_validator/validator.py': GUESS_VALIDATOR,
      'output_validator/limits.py': LIMITS_PY,
      'submissions/accepted/search.py': BINARY_SEARCH,
      'submissions/wrong_answer/ones.py': ALWAYS_ONE,
    });
    expect(stored).toMatchObject({
      type: 'interactive',
      interactor: {
        protocol: 'icpc',
        languageId: 71,
        source: GUESS_VALIDATOR,
        supportFiles: [{ name: 'limits.py', content: LIMITS_PY }],
        validatorFlags: ['--guesses', '10'],
      },
    });
    expect(body.mainSolution).toMatchObject({ path: 'submissions/accepted/search.py', message: null });
    expect(verdicts).toEqual(expected);
  });
});

import { ICPC_VALIDATOR_LANGUAGE_IDS, TestCaseData } from '@oj/contracts';

import { Judge0Engine } from '../../src/engines/judge0/judge0-engine';
import { LocalEngine } from '../../src/engines/local/local-engine';
import { compileAndTryChecker } from '../../src/grading/checker-trial';
import { isDefinitiveFailure } from '../../src/grading/grade-aggregate';
import { Grader } from '../../src/grading/grader';
import { CRASHING_CHECKER } from '../checkers/checker-programs';
import { graderOf } from '../grading/grader-of';
import { SCORING_MODULE, SCORING_VALIDATOR } from '../icpc/icpc-programs';
import { removeWorkRoot, workRoot } from '../sandbox/engine-fixture';
import { FakeJudge0Server } from './fake-judge0-server';

/** Full points when the output equals the answer, half otherwise. */
const HALF_FOR_TRYING = `
#include "testlib.h"
int main(int argc, char *argv[]) {
  registerTestlibCmd(argc, argv);
  long long got = ouf.readLong(), want = ans.readLong();
  if (got == want) quitf(_ok, "same %lld", got);
  quitp(0.5, "%lld is not %lld", got, want);
}
`;

/** The Judge0 stand-in runs "SUM" as a program printing the sum of its input's integers. */
describe('Judge0 engine with checkers: Judge0 runs the program, the worker checks in its local sandbox', () => {
  let server: FakeJudge0Server;
  let engine: Judge0Engine;
  let grader: Grader;
  let local: LocalEngine | null = null;

  beforeAll(async () => {
    server = new FakeJudge0Server({ authToken: 't' });
    const baseUrl = await server.start();
    const checkers = () =>
      (local ??= new LocalEngine({
        workRoot: workRoot(),
        logger: { log: () => undefined, warn: () => undefined },
        // As the engine provider sets it up for a Judge0 worker: checkers' C and C++, and Python for ICPC validators.
        languageIds: ICPC_VALIDATOR_LANGUAGE_IDS,
      })).checkers();
    engine = new Judge0Engine({ baseUrl, authToken: 't', pollDelayMs: 5, maxPollDelayMs: 40, retryDelayMs: 5, checkers });
    grader = graderOf(engine);
  });

  afterAll(async () => {
    await server.stop();
    await removeWorkRoot();
  });

  const grade = (checker: Parameters<Grader['grade']>[0]['checker'], testCases: TestCaseData[]) =>
    grader.grade({ languageId: 71, sourceCode: 'SUM', cpuTimeLimit: 1, memoryLimit: 64, testCases, checker });

  it('uses a built-in checker without any sandbox: float within epsilon', async () => {
    const tests: TestCaseData[] = [{ input: '1 2\n', output: '3.0000001\n', points: 1 }];
    expect(await grade({ type: 'float', epsilon: 1e-6 }, tests)).toMatchObject({ status: 'accepted', score: 100 });
    expect(await grade(undefined, tests)).toMatchObject({ status: 'wrong_answer', score: 0 });
    expect(local).toBeNull();
  });

  it("runs the author's testlib checker on Judge0's output, with partial points", async () => {
    const tests: TestCaseData[] = [
      { input: '1 2\n', output: '3\n', points: 2 },
      { input: '5 5\n', output: '11\n', points: 2 },
    ];
    const result = await grade({ type: 'custom', source: HALF_FOR_TRYING, languageId: 54 }, tests);
    expect(result.testCaseResults.map((t) => [t.status, t.points, t.message])).toEqual([
      ['accepted', 2, 'ok same 3'],
      ['wrong_answer', 1, '10 is not 11'],
    ]);
    expect(result).toMatchObject({ status: 'wrong_answer', score: 75 });
    expect(await compileAndTryChecker(engine.checkers(), { source: HALF_FOR_TRYING, languageId: 54 })).toEqual({
      compiled: true,
      compilerOutput: '',
    });
  }, 60_000);

  it("runs an ICPC validator in Python on Judge0's output, its score.txt the test's points", async () => {
    const tests: TestCaseData[] = [{ input: '1 2\n', output: '3 9\n', points: 4 }];
    const checker = {
      type: 'custom' as const,
      protocol: 'icpc' as const,
      source: SCORING_VALIDATOR,
      languageId: 71,
      supportFiles: [{ name: 'scoring.py', content: SCORING_MODULE }],
    };
    const result = await grade(checker, tests);
    expect(result.testCaseResults[0]).toMatchObject({ status: 'wrong_answer', points: 1, message: '1 of 2 right' });
  }, 60_000);

  it('ends the submission failed when the checker crashes', async () => {
    const result = await grade({ type: 'custom', source: CRASHING_CHECKER, languageId: 54 }, [
      { input: '1 2\n', output: '3\n', points: 1 },
    ]);
    expect(result).toMatchObject({ status: 'failed', score: 0 });
    expect(isDefinitiveFailure(result)).toBe(true);
  }, 60_000);
});

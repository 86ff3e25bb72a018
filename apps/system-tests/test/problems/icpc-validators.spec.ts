import { INestApplicationContext } from '@nestjs/common';
import { bearer, createAdmin, createProblem, createTestApp, problemBody, registerUser, TestApp, TestSession } from '@oj/api-testing';
import { DataSource } from 'typeorm';

import {
  FEEDBACK_HEADER,
  PAIR_SUM_VALIDATOR,
  PY_GUESS_VALIDATOR,
  SCORING_MODULE,
  SCORING_VALIDATOR,
} from '../../../judge-worker/test/icpc/icpc-programs';
import { GUESS_PROGRAMS } from '../../../judge-worker/test/interactive/interactive-programs';
import { waitAllFinal } from '../reliability/grading-audit';
import { submissionAs, submitAs } from '../submission-client';
import { startWorker } from '../worker-harness';

const CPP_GAME = GUESS_PROGRAMS[0];
const printing = (text: string) => `import sys\nsys.stdin.read()\nsys.stdout.write(${JSON.stringify(text)})\n`;
const PAIR_SUM_CHECKER = {
  type: 'custom',
  protocol: 'icpc',
  languageId: 54,
  source: PAIR_SUM_VALIDATOR,
  supportFiles: [{ name: 'validate.h', content: FEEDBACK_HEADER }],
};
const GUESS_INTERACTOR = { languageId: 71, source: PY_GUESS_VALIDATOR, protocol: 'icpc' };

jest.setTimeout(120_000);

/**
 * Issue 31 end to end: a problem judged by an ICPC output validator (C++ with a support header) and an ICPC
 * interactive problem (a Python validator as the interactor), made through the API, compiled when saved and graded
 * by a real worker.
 */
describe('ICPC output validators with a real worker', () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  let admin: TestSession;
  let user: TestSession;

  beforeAll(async () => {
    t = await createTestApp({ SUBMISSIONS_PER_MINUTE: '1000', VALIDATE_TIMEOUT_MS: '90000' });
    worker = await startWorker(t);
    admin = await createAdmin(t);
    user = await registerUser(t);
  }, 120_000);
  afterAll(async () => {
    await worker.close();
    await t.close();
  });

  const detail = (id: string) => submissionAs(t, user, id);
  async function judge(problemId: number, programs: [number, string][]) {
    const ids: string[] = [];
    for (const [languageId, sourceCode] of programs) ids.push(await submitAs(t, user, { problemId, languageId, sourceCode }));
    await waitAllFinal(t.app.get(DataSource), ids, 90_000);
    return Promise.all(ids.map(detail));
  }

  it('judges a standard problem with an ICPC validator: any right pair accepted, a wrong one rejected with its judge message', async () => {
    const { problemId } = await createProblem(
      t,
      admin,
      problemBody({
        title: 'Pair',
        judge0LanguageIds: [71],
        samples: [{ input: '10\n', output: '5 5\n' }],
        testCases: [{ input: '10\n', output: '10\n', points: 1 }],
        checker: PAIR_SUM_CHECKER,
      }),
    );
    const [right, wrong] = await judge(problemId, [
      [71, printing('3 7\n')],
      [71, printing('3 8\n')],
    ]);
    expect(right).toMatchObject({ status: 'accepted', score: 100 });
    expect(wrong).toMatchObject({ status: 'wrong_answer', score: 0 });
    expect(wrong.testCaseResults[0].message).toBe('3 + 8 is not 10');
  });

  it('judges an ICPC interactive problem: the validator talks to the program and judges with 42 / 43', async () => {
    const { problemId } = await createProblem(
      t,
      admin,
      problemBody({
        title: 'Guess (ICPC)',
        type: 'interactive',
        interactor: GUESS_INTERACTOR,
        judge0LanguageIds: [54, 71],
        samples: [{ input: '42\n', output: '! 42\n' }],
        // The answer files hold the number too (empty ones are refused today); the validator reads only the input.
        testCases: ['1\n', '1000000000\n', '777\n'].map((input) => ({ input, output: input, points: 1 })),
      }),
    );
    const [search, wrong] = await judge(problemId, [
      [54, CPP_GAME.binarySearch],
      [54, CPP_GAME.wrongGuess],
    ]);
    expect(search).toMatchObject({ status: 'accepted', score: 100 });
    // It guesses 1: right on the first test, then rejected.
    expect(wrong).toMatchObject({ status: 'wrong_answer', score: 33 });
    expect(wrong.testCaseResults[1]).toMatchObject({ status: 'wrong_answer', message: 'guessed 1, the number was 1000000000' });
  });

  it('tries a Python validator with its module in the problem form, and refuses one that does not compile', async () => {
    const trial = (body: Record<string, unknown>) =>
      t
        .http()
        .post('/api/judge/checker-trial')
        .set(...bearer(admin))
        .send({ input: '', output: '1 2 0 0\n', answer: '1 2 3 4\n', protocol: 'icpc', languageId: 71, ...body });
    const scoring = { source: SCORING_VALIDATOR, supportFiles: [{ name: 'scoring.py', content: SCORING_MODULE }] };
    expect((await trial({ ...scoring, validatorFlags: ['multiplier'] }).expect(200)).body).toEqual({
      compiled: true,
      compilerOutput: '',
      trial: { outcome: 'wrong_answer', fraction: 0.5, message: '2 of 4 right' },
    });
    const refused = await t
      .http()
      .post('/api/problems')
      .set(...bearer(admin))
      .send(problemBody({ checker: { type: 'custom', protocol: 'icpc', languageId: 71, source: 'def f(:\n' } }))
      .expect(400);
    expect(refused.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'The checker does not compile.' });
  });
});

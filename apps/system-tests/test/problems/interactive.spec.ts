import { INestApplicationContext } from '@nestjs/common';
import { bearer, createAdmin, createProblem, createTestApp, problemBody, registerUser, TestApp, TestSession } from '@oj/api-testing';
import { JUDGE0_NO_INTERACTIVE } from '@oj/contracts';
import { languagesKey } from '@oj/messaging';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';

import { GUESS_THE_NUMBER_INTERACTOR } from '../../../api/src/seed/demo-problems';
import { GUESS_PROGRAMS, GuessPrograms } from '../../../judge-worker/test/interactive/interactive-programs';
import { waitAllFinal } from '../reliability/grading-audit';
import { submissionAs, submitAs } from '../submission-client';
import { startWorker } from '../worker-harness';

/** The worker's interactive corpus speaks the seeded interactor's protocol: its solutions in C++ and Python. */
const [CPP, PYTHON] = [54, 71].map((id) => GUESS_PROGRAMS.find((p) => p.id === id) as GuessPrograms);
const INTERACTOR = { languageId: 54, source: GUESS_THE_NUMBER_INTERACTOR };
const guessProblem = (overrides: Record<string, unknown> = {}) =>
  problemBody({
    title: 'Guess',
    type: 'interactive',
    interactor: INTERACTOR,
    judge0LanguageIds: [54, 71],
    samples: [{ input: '42\n', output: '! 42\n' }],
    // Each test's answer file is the number itself (a checker could read it; the interactor judges alone here).
    testCases: ['1\n', '1000000000\n', '777\n'].map((input) => ({ input, output: input, points: 1 })),
    ...overrides,
  });

// Compiles and dialogues wait for a real worker on a machine other tests load too.
jest.setTimeout(120_000);

/** Issue 23 end to end: an interactive problem made through the API, compiled, validated, run and graded by a real worker. */
describe('interactive problems with a real worker', () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  let admin: TestSession;
  let user: TestSession;
  let problemId: number;

  beforeAll(async () => {
    t = await createTestApp({ SUBMISSIONS_PER_MINUTE: '1000', VALIDATE_TIMEOUT_MS: '90000' });
    worker = await startWorker(t);
    admin = await createAdmin(t);
    user = await registerUser(t);
    problemId = (await createProblem(t, admin, guessProblem())).problemId;
  }, 120_000);
  afterAll(async () => {
    await worker.close();
    await t.close();
  });

  const submit = (languageId: number, sourceCode: string) => submitAs(t, user, { problemId, languageId, sourceCode });
  const detail = (id: string) => submissionAs(t, user, id);

  it('refuses an interactor that does not compile, with the compiler’s output', async () => {
    const refused = await t
      .http()
      .post('/api/problems')
      .set(...bearer(admin))
      .send(guessProblem({ interactor: { languageId: 54, source: 'int main( {' } }))
      .expect(400);
    expect(refused.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'The interactor does not compile.' });
    expect(refused.body.details[0]).toMatchObject({
      path: 'interactor.source',
      message: expect.stringMatching(/^The interactor does not compile:\n/),
    });
  });

  it('grades binary searches in C++ and Python accepted, and a wrong program wrong, with the interactor’s messages', async () => {
    const ids = [await submit(54, CPP.binarySearch), await submit(71, PYTHON.binarySearch), await submit(71, 'print("! 5", flush=True)\n')];
    await waitAllFinal(t.app.get(DataSource), ids, 90_000);
    const [cpp, python, wrong] = await Promise.all(ids.map(detail));
    expect(cpp).toMatchObject({ status: 'accepted', score: 100 });
    expect(python).toMatchObject({ status: 'accepted', score: 100 });
    expect(cpp.testCaseResults[0].message).toMatch(/^ok found 1 with \d+ queries$/);
    expect(wrong).toMatchObject({ status: 'wrong_answer', score: 0 });
    expect(wrong.testCaseResults[0].message).toBe('wrong answer answered 5, the hidden number is 1');
  });

  it('runs custom input against the interactor: the text is the hidden number, the verdict the interactor’s', async () => {
    const run = await t
      .http()
      .post('/api/judge/run')
      .set(...bearer(user))
      .send({ problemId, languageId: 54, sourceCode: CPP.binarySearch, stdin: '123456\n', expectedOutput: 'ignored\n' })
      .expect(200);
    expect(run.body).toMatchObject({
      status: 'ok',
      verdict: 'accepted',
      message: expect.stringMatching(/^ok found 123456 with \d+ queries$/),
    });
    expect(run.body.stdout).toMatch(/^\d+\n$/);
    // The exchange, through the API as the worker recorded it (issue 33, defect 11).
    expect(run.body.transcriptTruncated).toBe(false);
    expect(run.body.transcript[0]).toEqual({ from: 'program', text: '? 500000000\n' });
    expect(run.body.transcript[1]).toEqual({ from: 'interactor', text: '<\n' });
    expect(run.body.transcript.at(-1)).toEqual({ from: 'program', text: '! 123456\n' });
  });

  it('tries the form’s interactor before it is saved (Test interactor), for admins and problem authors only', async () => {
    const body = { languageId: 54, sourceCode: CPP.binarySearch, stdin: '99\n', interactor: INTERACTOR };
    const tried = await t
      .http()
      .post('/api/judge/run')
      .set(...bearer(admin))
      .send(body)
      .expect(200);
    expect(tried.body).toMatchObject({ status: 'ok', verdict: 'accepted', message: expect.stringMatching(/^ok found 99 with/) });
    const refused = await t
      .http()
      .post('/api/judge/run')
      .set(...bearer(user))
      .send(body)
      .expect(403);
    expect(refused.body.message).toBe('Only administrators and problem authors may test an interactor.');
  });

  it('validates a reference solution against the form’s interactor', async () => {
    const validated = await t
      .http()
      .post('/api/judge/validate')
      .set(...bearer(admin))
      .send({
        languageId: 71,
        sourceCode: PYTHON.binarySearch,
        cpuTimeLimit: 1,
        memoryLimit: 64,
        testCases: [{ input: '5\n', output: '5\n', points: 1 }],
        interactor: INTERACTOR,
      })
      .expect(200);
    expect(validated.body).toMatchObject({ score: 100, cases: [{ i: 0, s: 3, p: 1 }] });
  });
});

/** With JUDGE_ENGINE=judge0 an interactive problem is never saved, so it can never get a wrong verdict. */
describe('interactive problems with a worker on the Judge0 engine', () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  let admin: TestSession;

  beforeAll(async () => {
    t = await createTestApp();
    // Judge0 is never reached: refusing an interactor needs no Judge0 server.
    worker = await startWorker(t, { JUDGE_ENGINE: 'judge0', JUDGE0_URL: 'http://127.0.0.1:9' });
    const redis = new Redis(t.config.REDIS_URL);
    await redis.set(languagesKey(t.config.REDIS_PREFIX), JSON.stringify([{ id: 54, name: 'C++' }]), 'EX', 60);
    redis.disconnect();
    admin = await createAdmin(t);
  }, 60_000);
  afterAll(async () => {
    await worker.close();
    await t.close();
  });

  it('refuses saving one with a message naming the engine', async () => {
    const refused = await t
      .http()
      .post('/api/problems')
      .set(...bearer(admin))
      .send(guessProblem())
      .expect(400);
    expect(refused.body).toMatchObject({ code: 'VALIDATION_ERROR', message: JUDGE0_NO_INTERACTIVE });
    expect(refused.body.details).toEqual([{ path: 'interactor', message: JUDGE0_NO_INTERACTIVE }]);
  });
});

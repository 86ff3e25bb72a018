import { INestApplicationContext } from '@nestjs/common';
import { bearer, createAdmin, createTestApp, problemBody, registerUser, TestApp, TestSession } from '@oj/api-testing';
import { ProblemEntity } from '@oj/db';
import { DataSource } from 'typeorm';

import { startWorker } from '../worker-harness';

/** Accepts any two numbers summing to the input's a + b (the fixture's A + B, answered differently). */
const PAIR_CHECKER = `#include "testlib.h"
int main(int argc, char *argv[]) {
  registerTestlibCmd(argc, argv);
  long long a = inf.readLong(), b = inf.readLong();
  long long sum = ouf.readLong();
  if (sum != a + b) quitf(_wa, "%lld is not %lld", sum, a + b);
  quitf(_ok, "right");
}
`;

describe('problem checkers', () => {
  let t: TestApp;
  let admin: TestSession;
  let worker: INestApplicationContext | undefined;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t);
  });
  afterAll(async () => {
    await worker?.close();
    await t.close();
  });

  const create = (checker: unknown, status = 201) =>
    t
      .http()
      .post('/api/problems')
      .set(...bearer(admin))
      .send(problemBody({ checker }))
      .expect(status);
  const fetch = async (problemId: number, session?: TestSession, includePrivate = false) => {
    const req = t.http().get(`/api/problems/${problemId}${includePrivate ? '?includePrivate=true' : ''}`);
    return (await (session ? req.set(...bearer(session)) : req).expect(200)).body;
  };

  it('defaults to the line checker, and stores float with its epsilon', async () => {
    const plain = (
      await t
        .http()
        .post('/api/problems')
        .set(...bearer(admin))
        .send(problemBody())
        .expect(201)
    ).body;
    expect(plain.checker).toEqual({ type: 'lines' });
    expect((await fetch(plain.problemId)).checker).toEqual({ type: 'lines' });
    const float = (await create({ type: 'float', epsilon: 1e-4 })).body;
    expect((await fetch(float.problemId)).checker).toEqual({ type: 'float', epsilon: 1e-4 });
    expect((await create({ type: 'float' })).body.checker).toEqual({ type: 'float', epsilon: 1e-6 });
    // Fields a type does not use are not kept.
    expect((await create({ type: 'tokens', epsilon: 0.5, source: 'x', languageId: 54 })).body.checker).toEqual({ type: 'tokens' });
  });

  it.each([
    ['a null checker', null, 'checker', 'Checker must be an object with a type.'],
    ['an unknown type', { type: 'regex' }, 'checker.type', 'Checker type must be one of: lines, tokens, exact, float, custom.'],
    ['epsilon 0', { type: 'float', epsilon: 0 }, 'checker.epsilon', 'Epsilon must be a number greater than 0 and at most 1.'],
    ['epsilon 2', { type: 'float', epsilon: 2 }, 'checker.epsilon', 'Epsilon must be a number greater than 0 and at most 1.'],
    ['a null epsilon', { type: 'float', epsilon: null }, 'checker.epsilon', 'Epsilon must be a number greater than 0 and at most 1.'],
    ['a text epsilon', { type: 'float', epsilon: '1e-6' }, 'checker.epsilon', 'Epsilon must be a number greater than 0 and at most 1.'],
    ['a custom checker without source', { type: 'custom', languageId: 54 }, 'checker.source', 'A custom checker needs its source.'],
    [
      'a custom checker in Python',
      { type: 'custom', source: 'print(1)', languageId: 71 },
      'checker.languageId',
      'A custom checker is written in C++ (54) or C (50); Python 3 (71) only with protocol "icpc".',
    ],
    [
      'a checker over 64 KiB',
      { type: 'custom', source: 'x'.repeat(64 * 1024 + 1), languageId: 54 },
      'checker.source',
      'Checker source must be at most 64 KiB.',
    ],
  ])('refuses %s with a VALIDATION_ERROR on the field', async (_label, checker, path, message) => {
    const res = await create(checker, 400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path, message }] });
  });

  it('needs a worker to save a custom checker', async () => {
    const res = await create({ type: 'custom', source: PAIR_CHECKER, languageId: 54 }, 503);
    expect(res.body.code).toBe('SERVICE_UNAVAILABLE');
  });

  describe('custom, with a worker', () => {
    let problemId: number;

    beforeAll(async () => {
      worker = await startWorker(t);
    }, 60_000);

    it('refuses a checker that does not compile, with the compiler output', async () => {
      const res = await create({ type: 'custom', source: PAIR_CHECKER.replace('quitf(_ok', 'quitf(_okay'), languageId: 54 }, 400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body.details).toEqual([
        { path: 'checker.source', message: expect.stringMatching(/^The checker does not compile:\n[\s\S]*_okay/) },
      ]);
    }, 60_000);

    it('saves a compiling checker; its source is private data, for admins only: it may hold the answers', async () => {
      const created = (await create({ type: 'custom', source: PAIR_CHECKER, languageId: 54 })).body;
      problemId = created.problemId;
      expect(created.checker).toEqual({ type: 'custom', languageId: 54, source: PAIR_CHECKER });
      expect((await fetch(problemId)).checker).toEqual({ type: 'custom', languageId: 54 });
      expect((await fetch(problemId, admin)).checker).toEqual({ type: 'custom', languageId: 54 });
      expect((await fetch(problemId, admin, true)).checker.source).toBe(PAIR_CHECKER);
      const author = await registerUser(t);
      const stranger = await registerUser(t);
      await t.app.get(DataSource).getRepository(ProblemEntity).update({ problemId }, { authorId: author.user.id });
      // An author who is not an admin may not read the hidden tests, nor the code that reads them (issue 32.11).
      expect((await fetch(problemId, author, true)).checker.source).toBeUndefined();
      expect((await fetch(problemId, stranger, true)).checker.source).toBeUndefined();
    }, 60_000);

    it('keeps the checker when an update leaves it out, and replaces it when one is given', async () => {
      const { testCases: _tests, ...withoutTests } = problemBody({ title: 'Renamed' });
      await t
        .http()
        .put(`/api/problems/${problemId}`)
        .set(...bearer(admin))
        .send(withoutTests)
        .expect(200);
      expect((await fetch(problemId, admin, true)).checker).toEqual({ type: 'custom', languageId: 54, source: PAIR_CHECKER });
      await t
        .http()
        .put(`/api/problems/${problemId}`)
        .set(...bearer(admin))
        .send({ ...withoutTests, checker: { type: 'exact' } })
        .expect(200);
      expect((await fetch(problemId, admin, true)).checker).toEqual({ type: 'exact' });
    }, 60_000);

    it("tries a checker on one test for the form's 'Test checker', saving nothing", async () => {
      const trial = (body: Record<string, unknown>) =>
        t
          .http()
          .post('/api/judge/checker-trial')
          .set(...bearer(admin))
          .send({ source: PAIR_CHECKER, languageId: 54, input: '1 2\n', answer: '3\n', ...body });
      expect((await trial({ output: '+3\n' }).expect(200)).body).toEqual({
        compiled: true,
        compilerOutput: '',
        trial: { outcome: 'accepted', fraction: 1, message: 'ok right' },
      });
      expect((await trial({ output: '4\n' }).expect(200)).body.trial).toEqual({
        outcome: 'wrong_answer',
        fraction: 0,
        message: 'wrong answer 4 is not 3',
      });
      expect((await trial({ output: '3\n', input: '' }).expect(200)).body.trial).toMatchObject({
        outcome: 'failed',
        message: expect.stringMatching(/checker failed: FAIL/),
      });
      const broken = (await trial({ output: '3\n', source: 'int main( {' }).expect(200)).body;
      expect(broken).toMatchObject({ compiled: false, compilerOutput: expect.stringContaining('error') });
      expect(broken.trial).toBeUndefined();
      const refused = await trial({ output: '3\n', languageId: 71 }).expect(400);
      expect(refused.body.details).toEqual([
        { path: 'languageId', message: 'A custom checker is written in C++ (54) or C (50); Python 3 (71) only with protocol "icpc".' },
      ]);
      await t
        .http()
        .post('/api/judge/checker-trial')
        .set(...bearer(await registerUser(t)))
        .send({})
        .expect(403);
    }, 60_000);

    it("validates a reference solution with the form's checker", async () => {
      const body = { languageId: 71, sourceCode: 'print(1 / 3)', testCases: [{ input: '', output: '0.3333333\n', points: 1 }] };
      const validate = (checker?: unknown) =>
        t
          .http()
          .post('/api/judge/validate')
          .set(...bearer(admin))
          .send({ ...body, checker })
          .expect(200);
      expect((await validate({ type: 'float', epsilon: 1e-6 })).body.score).toBe(100);
      expect((await validate()).body.score).toBe(0);
    }, 60_000);

    it('grades submissions with the checker', async () => {
      const created = (await create({ type: 'custom', source: PAIR_CHECKER, languageId: 54 })).body;
      const user = await registerUser(t);
      // Prints the sum with a leading '+': not what the answer file says, but the checker reads it as the number.
      const sourceCode = 'a, b = map(int, input().split())\nprint("+" + str(a + b))\n';
      const id = (
        await t
          .http()
          .post('/api/submissions')
          .set(...bearer(user))
          .send({ problemId: created.problemId, languageId: 71, sourceCode })
          .expect(201)
      ).body.submissionId;
      let submission: { status: string; testCaseResults?: { message?: string }[] } = { status: 'queued' };
      for (let i = 0; i < 600 && ['queued', 'running'].includes(submission.status); i++) {
        await new Promise((r) => setTimeout(r, 100));
        submission = (
          await t
            .http()
            .get(`/api/submissions/${id}`)
            .set(...bearer(user))
            .expect(200)
        ).body.submission;
      }
      expect(submission).toMatchObject({ status: 'accepted' });
    }, 90_000);
  });
});

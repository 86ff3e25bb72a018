import { bearer, createAdmin, createProblem, createTestApp, problemBody, registerUser, TestApp, TestSession } from '@oj/api-testing';
import { CheckerSettings, CUSTOM_CHECKER_ADMINS_ONLY, InteractorSettings } from '@oj/contracts';
import { checkerColumns, interactorColumns, ProblemEntity } from '@oj/db';
import { DataSource } from 'typeorm';

/**
 * The ICPC output-validator protocol through the API without a worker (issue 31): what a checker, an interactor
 * and a checker trial may send (clear 400s otherwise), who sees the settings, and when an author's save sets new
 * code. Compiling and grading with a real worker: apps/system-tests.
 */
describe('ICPC validator protocol (API)', () => {
  const ICPC_CHECKER: CheckerSettings = {
    type: 'custom',
    protocol: 'icpc',
    languageId: 71,
    source: 'import sys\nsys.exit(42)\n',
    validatorFlags: ['float_tolerance', '1e-6'],
    supportFiles: [{ name: 'helper.py', content: 'X = 1\n' }],
  };
  const ICPC_INTERACTOR: InteractorSettings = {
    languageId: 71,
    source: 'import sys\nsys.exit(42)\n',
    protocol: 'icpc',
    validatorFlags: ['5'],
  };
  let t: TestApp;
  let admin: TestSession;
  let author: TestSession;
  let problemId: number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t);
    author = await registerUser(t);
    problemId = (await createProblem(t, admin)).problemId;
    await t.app.get(DataSource).getRepository(ProblemEntity).update({ problemId }, { authorId: author.user.id });
  });
  afterAll(() => t.close());

  const send = (session: TestSession, overrides: Record<string, unknown>, id?: number) => {
    const req = id ? t.http().put(`/api/problems/${id}`) : t.http().post('/api/problems');
    return req.set(...bearer(session)).send(problemBody(overrides));
  };
  const repo = () => t.app.get(DataSource).getRepository(ProblemEntity);
  const fetch = async (session?: TestSession, includePrivate = false) => {
    const req = t.http().get(`/api/problems/${problemId}${includePrivate ? '?includePrivate=true' : ''}`);
    return (await (session ? req.set(...bearer(session)) : req).expect(200)).body;
  };
  const checker = (more: Record<string, unknown>) => ({ checker: { ...ICPC_CHECKER, ...more } });

  it.each([
    [
      'Python for a testlib checker',
      checker({ protocol: 'testlib', validatorFlags: undefined }),
      'checker.languageId',
      'A custom checker is written in C++ (54) or C (50); Python 3 (71) only with protocol "icpc".',
    ],
    [
      'Java for an ICPC validator',
      checker({ languageId: 62 }),
      'checker.languageId',
      'An ICPC validator is written in C++ (54), C (50) or Python 3 (71).',
    ],
    ['an unknown protocol', checker({ protocol: 'kattis' }), 'checker.protocol', 'Protocol must be one of: testlib, icpc.'],
    [
      'flags for a testlib checker',
      checker({ protocol: undefined, languageId: 54 }),
      'checker.validatorFlags',
      'validatorFlags are for ICPC validators only (protocol "icpc").',
    ],
    [
      'flags that are not strings',
      checker({ validatorFlags: [1] }),
      'checker.validatorFlags',
      'Validator flags must be a list of strings.',
    ],
    ['33 flags', checker({ validatorFlags: Array(33).fill('x') }), 'checker.validatorFlags', 'At most 32 validator flags.'],
    [
      'a flag of 257 characters',
      checker({ validatorFlags: ['x'.repeat(257)] }),
      'checker.validatorFlags',
      'Each validator flag is at most 256 characters.',
    ],
    [
      'a support file in a folder',
      checker({ supportFiles: [{ name: 'lib/helper.py', content: '' }] }),
      'checker.supportFiles.0.name',
      expect.stringMatching(/^A support file name is a plain file name/),
    ],
    [
      'a support file named ..',
      checker({ supportFiles: [{ name: '..', content: '' }] }),
      'checker.supportFiles.0.name',
      expect.stringMatching(/no "\.\."/),
    ],
    [
      'a support file without content',
      checker({ supportFiles: [{ name: 'a.h' }] }),
      'checker.supportFiles.0.content',
      "A support file's content must be text.",
    ],
    [
      '17 support files',
      checker({ supportFiles: Array.from({ length: 17 }, (_, i) => ({ name: `f${i}.h`, content: '' })) }),
      'checker.supportFiles',
      'At most 16 support files.',
    ],
    [
      'two support files of one name',
      checker({
        supportFiles: [
          { name: 'a.h', content: '' },
          { name: 'a.h', content: '' },
        ],
      }),
      'checker.supportFiles',
      expect.stringMatching(/distinct names/),
    ],
    [
      'support files over 256 KiB',
      checker({ supportFiles: [{ name: 'big.h', content: 'x'.repeat(256 * 1024 + 1) }] }),
      'checker.supportFiles',
      expect.stringMatching(/at most 256 KiB together/),
    ],
    [
      'a Python testlib interactor',
      { interactor: { ...ICPC_INTERACTOR, protocol: undefined, validatorFlags: undefined } },
      'interactor.languageId',
      'An interactor is written in C++ (54) or C (50); Python 3 (71) only with protocol "icpc".',
    ],
    [
      'interactor flags that are not a list',
      { interactor: { ...ICPC_INTERACTOR, validatorFlags: '5' } },
      'interactor.validatorFlags',
      'Validator flags must be a list of strings.',
    ],
  ])('refuses %s with a 400 naming the field', async (_what, overrides, path, message) => {
    const body = (await send(admin, overrides).expect(400)).body;
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.details).toEqual(expect.arrayContaining([expect.objectContaining({ path, message })]));
  });

  it('sends an admin’s ICPC validator and interactor in Python on to be compiled, here without a worker', async () => {
    expect((await send(admin, { checker: ICPC_CHECKER }).expect(503)).body.code).toBe('SERVICE_UNAVAILABLE');
    expect((await send(admin, { interactor: ICPC_INTERACTOR }).expect(503)).body.code).toBe('SERVICE_UNAVAILABLE');
  });

  it('stores the settings; every reader sees the protocol, only private data shows the flags and files', async () => {
    await repo().update({ problemId }, { ...checkerColumns(ICPC_CHECKER), ...interactorColumns(ICPC_INTERACTOR) });
    const shown = await fetch();
    expect(shown.checker).toEqual({ type: 'custom', protocol: 'icpc', languageId: 71 });
    expect(shown.interactor).toEqual({ languageId: 71, protocol: 'icpc' });
    const full = await fetch(admin, true);
    expect(full.checker).toEqual(ICPC_CHECKER);
    expect(full.interactor).toEqual(ICPC_INTERACTOR);
    await repo().update({ problemId }, interactorColumns(null));
  });

  it('lets an author send the saved validator back unchanged, and refuses other flags or files', async () => {
    await repo().update({ problemId }, checkerColumns(ICPC_CHECKER));
    await send(author, { checker: ICPC_CHECKER }, problemId).expect(200);
    for (const changed of [
      { validatorFlags: ['float_tolerance', '1'] },
      { supportFiles: [] },
      { protocol: 'testlib', languageId: 54, validatorFlags: undefined },
    ])
      expect((await send(author, checker(changed), problemId).expect(403)).body.message).toBe(CUSTOM_CHECKER_ADMINS_ONLY);
    expect((await fetch(admin, true)).checker).toEqual(ICPC_CHECKER);
  });

  it('checker trial: takes the protocol fields, with the same 400s', async () => {
    const trial = (body: Record<string, unknown>) =>
      t
        .http()
        .post('/api/judge/checker-trial')
        .set(...bearer(admin))
        .send({ input: '', output: '1\n', answer: '1\n', ...body });
    const refused = await trial({ source: 'print(1)', languageId: 71 }).expect(400);
    expect(refused.body.details).toEqual([
      { path: 'languageId', message: 'A custom checker is written in C++ (54) or C (50); Python 3 (71) only with protocol "icpc".' },
    ]);
    await trial({ source: 'x', languageId: 54, supportFiles: [{ name: '../x.h', content: '' }] }).expect(400);
    expect((await trial({ ...ICPC_CHECKER, type: undefined }).expect(503)).body.code).toBe('SERVICE_UNAVAILABLE');
  });
});

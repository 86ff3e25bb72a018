import { bearer, createAdmin, createProblem, createTestApp, problemBody, registerUser, TestApp, TestSession } from '@oj/api-testing';
import { INTERACTOR_ADMINS_ONLY, InteractorSettings } from '@oj/contracts';
import { interactorColumns, ProblemEntity } from '@oj/db';
import { DataSource } from 'typeorm';

/**
 * Interactive problems through the API without a worker: the type and interactor a body may send, who may set an
 * interactor, and who sees what of it. Compiling and grading with a real worker: apps/system-tests.
 */
describe('interactive problems (API)', () => {
  const INTERACTOR: InteractorSettings = { languageId: 54, source: '#include "testlib.h"\nint main(){}\n' };
  let t: TestApp;
  let admin: TestSession;
  let author: TestSession;
  let problemId: number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t);
    author = await registerUser(t);
    // The author's own public problem, which they may edit (its author id set as an admin's problem would be).
    problemId = (await createProblem(t, admin)).problemId;
    await t.app.get(DataSource).getRepository(ProblemEntity).update({ problemId }, { authorId: author.user.id });
  });
  afterAll(() => t.close());

  const send = (session: TestSession, overrides: Record<string, unknown>, id?: number) => {
    const req = id ? t.http().put(`/api/problems/${id}`) : t.http().post('/api/problems');
    return req.set(...bearer(session)).send(problemBody(overrides));
  };
  // Saved as an admin's interactor would be (this app has no worker to compile one).
  const saveInteractor = (settings: InteractorSettings | null) =>
    t.app.get(DataSource).getRepository(ProblemEntity).update({ problemId }, interactorColumns(settings));
  const fetch = async (session?: TestSession, includePrivate = false) => {
    const req = t.http().get(`/api/problems/${problemId}${includePrivate ? '?includePrivate=true' : ''}`);
    return (await (session ? req.set(...bearer(session)) : req).expect(200)).body;
  };

  it.each([
    ['interactive without an interactor', { type: 'interactive' }, 'interactor', 'An interactive problem needs its interactor.'],
    [
      'standard with an interactor',
      { type: 'standard', interactor: INTERACTOR },
      'interactor',
      'A standard problem has no interactor: choose the interactive type.',
    ],
    ['an unknown type', { type: 'dialogue' }, 'type', 'Problem type must be one of: standard, interactive.'],
    [
      'an interactor in Python',
      { interactor: { languageId: 71, source: 'print()' } },
      'interactor.languageId',
      'An interactor is written in C++ (54) or C (50); Python 3 (71) only with protocol "icpc".',
    ],
    ['an interactor without source', { interactor: { languageId: 54 } }, 'interactor.source', 'An interactor needs its source.'],
    ['a null interactor', { interactor: null }, 'interactor', 'Interactor must be an object with a language and a source.'],
  ])('refuses %s with a 400 naming the field', async (_what, overrides, path, message) => {
    const body = (await send(admin, overrides).expect(400)).body;
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.details).toEqual(expect.arrayContaining([expect.objectContaining({ path, message })]));
  });

  it('creates standard problems by default and says so', async () => {
    expect((await send(admin, {}).expect(201)).body).toMatchObject({ type: 'standard' });
    expect((await send(admin, {}).expect(201)).body.interactor).toBeUndefined();
  });

  it('sends an admin’s new interactor on to be compiled, here without a worker', async () => {
    expect((await send(admin, { interactor: INTERACTOR }).expect(503)).body.code).toBe('SERVICE_UNAVAILABLE');
  });

  it('refuses an author who sets or changes an interactor, since it reads the hidden tests', async () => {
    await saveInteractor(null);
    expect((await send(author, { interactor: INTERACTOR }, problemId).expect(403)).body).toEqual({
      message: INTERACTOR_ADMINS_ONLY,
      code: 'FORBIDDEN',
    });
    await saveInteractor(INTERACTOR);
    await send(author, { interactor: { ...INTERACTOR, source: `${INTERACTOR.source}// leak\n` } }, problemId).expect(403);
    expect((await fetch(admin, true)).interactor).toEqual(INTERACTOR);
  });

  it('lets an author send the saved interactor back, leave the type alone, or make the problem standard', async () => {
    await saveInteractor(INTERACTOR);
    expect((await send(author, { type: 'interactive', interactor: INTERACTOR }, problemId).expect(200)).body.type).toBe('interactive');
    expect((await send(author, { title: 'Renamed' }, problemId).expect(200)).body.type).toBe('interactive');
    expect((await send(author, { type: 'standard' }, problemId).expect(200)).body.type).toBe('standard');
    expect((await fetch()).interactor).toBeUndefined();
  });

  it('shows every reader the type and language, and the source only to admins asking for private data', async () => {
    await saveInteractor(INTERACTOR);
    expect(await fetch()).toMatchObject({ type: 'interactive', interactor: { languageId: 54 } });
    expect((await fetch()).interactor.source).toBeUndefined();
    expect((await fetch(admin)).interactor.source).toBeUndefined();
    expect((await fetch(admin, true)).interactor).toEqual(INTERACTOR);
  });
});

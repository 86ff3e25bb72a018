import { bearer, createAdmin, createTestApp, problemBody, registerUser, TEST_PASSWORD, TestApp, TestSession } from '@oj/api-testing';
import type { CheckerSettings } from '@oj/contracts';
import { checkerColumns, ProblemEntity, SubmissionEntity, TestCaseEntity } from '@oj/db';
import { DataSource } from 'typeorm';

/**
 * SPEC 6: an author who is not an admin may edit their own problem, and nothing more: private problems,
 * test cases and visibility are the admins'. The attack: an admin writes problems, is demoted, and keeps going.
 */
describe('problem rights of authors who are not admins', () => {
  let t: TestApp;
  let boss: TestSession;
  let author: TestSession;
  let shown: { problemId: number };
  let hidden: { problemId: number };

  beforeAll(async () => {
    t = await createTestApp();
    boss = await createAdmin(t);
    author = await createAdmin(t);
    shown = (
      await t
        .http()
        .post('/api/problems')
        .set(...bearer(author))
        .send(problemBody({ title: 'Shown' }))
        .expect(201)
    ).body;
    hidden = (
      await t
        .http()
        .post('/api/problems')
        .set(...bearer(author))
        .send(problemBody({ title: 'Hidden', isPublic: false }))
        .expect(201)
    ).body;
    const submitter = await registerUser(t);
    await t.app.get(DataSource).getRepository(SubmissionEntity).save({
      userId: submitter.user.id,
      problemId: hidden.problemId,
      languageId: 71,
      languageName: 'Python',
      sourceCode: 'x',
      sourceLen: 1,
    });
    author = await demote(author);
  }, 60_000);
  afterAll(() => t.close());

  /** Demotes an admin to user; the demotion ends their tokens (their token version moves on), so they sign in again. */
  async function demote(session: TestSession): Promise<TestSession> {
    await t
      .http()
      .patch(`/api/admin/users/${session.user.id}/role`)
      .set(...bearer(boss))
      .send({ role: 'user' })
      .expect(200);
    const login = await t
      .http()
      .post('/api/auth/login')
      .send({ usernameOrEmail: session.user.username, password: TEST_PASSWORD })
      .expect(200);
    return { ...session, accessToken: login.body.accessToken, refreshToken: login.body.refreshToken };
  }

  const as = (session: TestSession) => ({
    get: (path: string) =>
      t
        .http()
        .get(path)
        .set(...bearer(session)),
    put: (problemId: number, overrides: Record<string, unknown>) =>
      t
        .http()
        .put(`/api/problems/${problemId}`)
        .set(...bearer(session))
        .send(problemBody(overrides)),
  });
  const stored = (problemId: number) => t.app.get(DataSource).getRepository(ProblemEntity).findOneByOrFail({ problemId });

  it('no longer sees their private problem, its tests or its submissions', async () => {
    await as(author).get(`/api/problems/${hidden.problemId}?includePrivate=true`).expect(404);
    await as(author).get(`/api/problems/${hidden.problemId}/submissions`).expect(404);
    const listed = (await as(author).get(`/api/submissions?problemId=${hidden.problemId}`).expect(200)).body;
    expect(listed.total).toBe(0);
  });

  it('can neither edit nor publish their private problem', async () => {
    await as(author).put(hidden.problemId, { title: 'Hijacked', isPublic: true }).expect(404);
    await as(author).put(hidden.problemId, { title: 'Hijacked', isPublic: false }).expect(404);
    expect(await stored(hidden.problemId)).toMatchObject({ title: 'Hidden', isPublic: false });
    await t
      .http()
      .patch(`/api/problems/${hidden.problemId}/visibility`)
      .set(...bearer(author))
      .send({ isPublic: true })
      .expect(403);
  });

  it('edits their public problem without reading its test cases', async () => {
    const own = (await as(author).get(`/api/problems/${shown.problemId}?includePrivate=true`).expect(200)).body;
    expect(own.testCases).toBeUndefined();
    const edited = (await as(author).put(shown.problemId, { title: 'Shown, reworded' }).expect(200)).body;
    expect(edited.title).toBe('Shown, reworded');
    expect(edited.testCases).toBeUndefined();
    await as(await registerUser(t))
      .put(shown.problemId, { title: 'Not mine' })
      .expect(403);
  });

  it('keeps the test cases they cannot read when the edit leaves them out', async () => {
    const tests = async () =>
      t.app
        .get(DataSource)
        .getRepository(TestCaseEntity)
        .find({ where: { problemUuid: (await stored(shown.problemId)).id }, order: { position: 'ASC' } });
    const before = (await tests()).map(({ input, output, points }) => ({ input, output, points }));
    const { testCases: _left, ...withoutTests } = problemBody({ title: 'Shown, tests kept' });
    const edited = (
      await t
        .http()
        .put(`/api/problems/${shown.problemId}`)
        .set(...bearer(author))
        .send(withoutTests)
        .expect(200)
    ).body;
    expect(edited).toMatchObject({ title: 'Shown, tests kept', testCaseCount: before.length });
    expect((await tests()).map(({ input, output, points }) => ({ input, output, points }))).toEqual(before);
    expect(before.length).toBeGreaterThan(0);
  });

  it('cannot hide their public problem through PUT', async () => {
    const refused = await as(author).put(shown.problemId, { isPublic: false }).expect(403);
    expect(refused.body).toEqual({ message: "Only administrators may change a problem's visibility.", code: 'FORBIDDEN' });
    expect((await stored(shown.problemId)).isPublic).toBe(true);
  });

  describe('custom checkers, which can read the tests they may not', () => {
    const SAVED: CheckerSettings = { type: 'custom', source: 'int main() { return 0; }\n', languageId: 54 };
    const REFUSED = {
      message: 'Only administrators may set or change a custom checker, because a checker can read the hidden tests.',
      code: 'FORBIDDEN',
    };
    const withoutTests = (checker?: unknown) => {
      const { testCases: _left, ...body } = problemBody({ title: 'Shown', ...(checker ? { checker } : {}) });
      return body;
    };
    const putChecker = (session: TestSession, checker?: unknown) =>
      t
        .http()
        .put(`/api/problems/${shown.problemId}`)
        .set(...bearer(session))
        .send(withoutTests(checker));
    const storedChecker = async () => {
      const { checkerType, checkerSource, checkerLanguageId } = await stored(shown.problemId);
      return { checkerType, checkerSource, checkerLanguageId };
    };
    // Saved as an admin's checker would be (this app has no worker to compile one).
    const saveChecker = (checker: CheckerSettings) =>
      t.app.get(DataSource).getRepository(ProblemEntity).update({ problemId: shown.problemId }, checkerColumns(checker));

    it('refuses an author who sets one, and compiles nothing', async () => {
      await saveChecker({ type: 'lines' });
      expect((await putChecker(author, SAVED).expect(403)).body).toEqual(REFUSED);
      expect(await storedChecker()).toEqual({ checkerType: 'lines', checkerSource: null, checkerLanguageId: null });
    });

    it('refuses an author who changes the source or the language of the saved one', async () => {
      await saveChecker(SAVED);
      expect((await putChecker(author, { ...SAVED, source: `${SAVED.source}// leak\n` }).expect(403)).body).toEqual(REFUSED);
      expect((await putChecker(author, { ...SAVED, languageId: 50 }).expect(403)).body).toEqual(REFUSED);
      expect(await storedChecker()).toEqual({ checkerType: 'custom', checkerSource: SAVED.source, checkerLanguageId: 54 });
    });

    it('lets an author send the saved one back unchanged, leave it out, or choose a built-in one', async () => {
      await saveChecker(SAVED);
      // The answer keeps its source from the author, who may not read the tests it may hold (canReadTestReadingCode).
      const { source: _source, ...unsigned } = SAVED;
      expect((await putChecker(author, SAVED).expect(200)).body.checker).toEqual(unsigned);
      expect((await putChecker(author).expect(200)).body.checker).toEqual(unsigned);
      expect(await storedChecker()).toEqual({ checkerType: 'custom', checkerSource: SAVED.source, checkerLanguageId: 54 });
      expect((await putChecker(author, { type: 'tokens' }).expect(200)).body.checker).toEqual({ type: 'tokens' });
    });

    it('lets an admin set one: it goes on to be compiled, here without a worker', async () => {
      await saveChecker({ type: 'lines' });
      expect((await putChecker(boss, SAVED).expect(503)).body.code).toBe('SERVICE_UNAVAILABLE');
    });
  });

  it('keeps the problem form’s tools (test validation) only while they have a problem they may edit', async () => {
    const admin = await createAdmin(t);
    await t
      .http()
      .post('/api/problems')
      .set(...bearer(admin))
      .send(problemBody({ isPublic: false }))
      .expect(201);
    const lone = await demote(admin);
    const validate = (session: TestSession) =>
      t
        .http()
        .post('/api/judge/validate')
        .set(...bearer(session))
        .send({ languageId: 71, sourceCode: '', testCases: [{ input: '1', output: '1' }] });
    await validate(lone).expect(403);
    // Past the guard: the author of a public problem reaches the body checks.
    await validate(author).expect(400);
  });

  it('an admin still sees, edits and publishes everything', async () => {
    expect((await as(boss).get(`/api/problems/${hidden.problemId}?includePrivate=true`).expect(200)).body.testCases).toHaveLength(2);
    const published = (await as(boss).put(hidden.problemId, { title: 'Hidden', isPublic: true }).expect(200)).body;
    expect(published).toMatchObject({ isPublic: true, testCases: [expect.any(Object), expect.any(Object)] });
  });
});

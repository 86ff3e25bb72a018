import { bearer, createAdmin, createTestApp, registerUser, TestApp, TestSession } from '@oj/api-testing';
import { ProblemEntity, SubmissionEntity } from '@oj/db';
import { DataSource } from 'typeorm';

/** The list hides private problems' submissions through each row's copy of its problem's visibility. */
describe("submissions follow their problem's visibility", () => {
  let t: TestApp;
  let ds: DataSource;
  let admin: TestSession;
  let ada: TestSession;
  let bob: TestSession;
  let problemId: number;

  beforeAll(async () => {
    t = await createTestApp();
    ds = t.app.get(DataSource);
    admin = await createAdmin(t);
    ada = await registerUser(t);
    bob = await registerUser(t);
    problemId = (
      await ds.getRepository(ProblemEntity).save({ title: 'Draft', statement: 's', difficulty: 'EASY' as const, isPublic: false })
    ).problemId;
    // Saved without problemPublic: the database fills it in from the problem.
    await ds
      .getRepository(SubmissionEntity)
      .save({ userId: bob.user.id, problemId, languageId: 71, languageName: 'Python', sourceCode: 'x', sourceLen: 1 });
  });
  afterAll(() => t.close());

  const seenBy = async (session: TestSession) =>
    (
      await t
        .http()
        .get(`/api/submissions?problemId=${problemId}`)
        .set(...bearer(session))
        .expect(200)
    ).body.total;

  const setVisibility = (isPublic: boolean) =>
    t
      .http()
      .patch(`/api/problems/${problemId}/visibility`)
      .set(...bearer(admin))
      .send({ isPublic })
      .expect(200);

  it('hides a new submission of a private problem from everyone but its author and admins', async () => {
    expect([await seenBy(ada), await seenBy(bob), await seenBy(admin)]).toEqual([0, 1, 1]);
  });

  it('shows it once the problem is public, and hides it again when the problem turns private', async () => {
    await setVisibility(true);
    expect(await seenBy(ada)).toBe(1);
    await setVisibility(false);
    expect(await seenBy(ada)).toBe(0);
  });

  it('follows a change made by any writer, in its transaction', async () => {
    await ds.transaction(async (manager) => {
      await manager.update(ProblemEntity, { problemId }, { isPublic: true });
      const [row] = await manager.query('SELECT problem_public FROM submissions WHERE problem_id = $1', [problemId]);
      expect(row.problem_public).toBe(true);
    });
    expect(await seenBy(ada)).toBe(1);
  });
});

import {
  bearer,
  boardCast,
  contestBody,
  createContest,
  createTestApp,
  register,
  submitGraded,
  TestApp,
  TestSession,
} from '@oj/api-testing';

/** Issue 33, defect 7: an AtCoder cell carries its accepted's time to the second and the wrong tries before it. */
describe('AtCoder cells on the served board', () => {
  let t: TestApp;
  let admin: TestSession;
  let ann: TestSession;
  let contestId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const cast = await boardCast(t);
    ({ admin, ann } = cast);
    ({ contestId } = await createContest(
      t,
      admin,
      contestBody(cast.problems, -90, 30, { format: 'atcoder', problems: cast.problems.map((problemId) => ({ problemId, points: 300 })) }),
    ));
    await register(t, ann, contestId);
    const startsAt = Date.parse((await t.http().get(`/api/contests/${contestId}`).expect(200)).body.startsAt);
    const at = (seconds: number) => new Date(startsAt + seconds * 1000 + 400);
    await submitGraded(t, ann, contestId, cast.problems[0], at(200), 'wrong_answer');
    await submitGraded(t, ann, contestId, cast.problems[0], at(754), 'accepted');
    await submitGraded(t, ann, contestId, cast.problems[1], at(3725), 'accepted');
  });
  afterAll(() => t.close());

  it('serves elapsedSeconds from the start with the minute, and the wrong tries', async () => {
    const board = (
      await t
        .http()
        .get(`/api/contests/${contestId}/scoreboard`)
        .set(...bearer(ann))
        .expect(200)
    ).body;
    expect(board.mine.cells).toEqual({
      A: { attempts: 1, solved: true, score: 300, minute: 12, elapsedSeconds: 754, pending: 0 },
      B: { attempts: 0, solved: true, score: 300, minute: 62, elapsedSeconds: 3725, pending: 0 },
    });
    // AtCoder's time: the last accepted's minute plus 5 (the default penalty) per wrong try.
    expect(board.mine).toMatchObject({ score: 600, penalty: 62 + 5 });
  });
});

import {
  bearer,
  contestBody,
  createAdmin,
  createContest,
  createProblem,
  createTestApp,
  minutesFrom,
  problemBody,
  register,
  registerUser,
  submitGraded,
  TestApp,
  TestSession,
} from '@oj/api-testing';
import { DataSource } from 'typeorm';

describe('virtual participation', () => {
  let t: TestApp;
  let admin: TestSession;
  let ann: TestSession;
  let bob: TestSession;
  let cat: TestSession;
  let problems: number[];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t);
    [ann, bob, cat] = await Promise.all([registerUser(t), registerUser(t), registerUser(t)]);
    problems = [];
    for (const title of ['A', 'B']) problems.push((await createProblem(t, admin, problemBody({ title }))).problemId);
  });
  afterAll(() => t.close());

  const ds = () => t.app.get(DataSource);
  const startVirtual = (session: TestSession, contestId: number) =>
    t
      .http()
      .post(`/api/contests/${contestId}/virtual`)
      .set(...bearer(session));
  const board = async (contestId: number, session?: TestSession) => {
    const req = t.http().get(`/api/contests/${contestId}/scoreboard`);
    return (await (session ? req.set(...bearer(session)) : req).expect(200)).body;
  };
  const names = (b: { items: { rank: number; username: string; solved: number }[] }) =>
    b.items.map((r) => `${r.rank}:${r.username}:${r.solved}`);
  const counters = async () =>
    ds().query('SELECT submission_count, accepted_submission_count FROM problems WHERE problem_id = ANY($1) ORDER BY problem_id', [
      problems,
    ]);

  it('ranks a virtual run among the real rows as they stood at the same elapsed minute, off the official board', async () => {
    const { contestId } = await createContest(t, admin, contestBody(problems, -50, 10));
    const startsAt = (await t.http().get(`/api/contests/${contestId}`).expect(200)).body.startsAt;
    await register(t, ann, contestId);
    await register(t, bob, contestId);
    const [A, B] = problems;
    await submitGraded(t, ann, contestId, A, minutesFrom(startsAt, 10), 'accepted');
    await submitGraded(t, ann, contestId, B, minutesFrom(startsAt, 40), 'accepted');
    await submitGraded(t, bob, contestId, A, minutesFrom(startsAt, 20), 'wrong_answer');
    await submitGraded(t, bob, contestId, A, minutesFrom(startsAt, 30), 'accepted');

    expect((await startVirtual(cat, contestId).expect(403)).body.message).toBe('A virtual run can start only after the contest has ended.');
    await ds().query(`UPDATE contests SET ends_at = now() - interval '1 minute' WHERE contest_id = $1`, [contestId]);
    const official = await board(contestId, ann);
    const countersBefore = await counters();

    const started = (await startVirtual(cat, contestId).expect(200)).body;
    expect(started.participation).toMatchObject({ kind: 'virtual', startedAt: expect.any(String) });
    // The contest's duration from now: it ran from 50 minutes ago until a minute ago.
    const { startedAt, endsAt } = started.participation;
    expect(new Date(endsAt).getTime() - new Date(startedAt).getTime()).toBe(49 * 60_000);
    expect((await startVirtual(cat, contestId).expect(409)).body.message).toBe('You have already started a virtual run of this contest.');

    // cat's run began 25 minutes ago (moved back, as time passing would); cat solved A at its minute 15.
    const runStart = new Date(Date.now() - 25 * 60_000);
    await ds().query(
      `UPDATE contest_participations SET started_at = $2, ends_at = $2::timestamptz + interval '49 minutes'
       WHERE contest_id = $1 AND kind = 'virtual'`,
      [contestId, runStart],
    );
    const id = await submitGraded(t, cat, contestId, A, new Date(runStart.getTime() + 15 * 60_000 + 5_000), 'accepted');
    const [row] = await ds().query(
      `SELECT p.kind FROM submissions s JOIN contest_participations p ON p.id = s.participation_id WHERE s.id = $1`,
      [id],
    );
    expect(row.kind).toBe('virtual');

    // At minute 25: ann had A (10), not yet B (40); bob one rejected try on A (his AC came at 30).
    const virtual = await board(contestId, cat);
    expect(virtual.virtualMinute).toBe(25);
    expect(names(virtual)).toEqual([`1:${ann.user.username}:1`, `2:${cat.user.username}:1`, `3:${bob.user.username}:0`]);
    expect(virtual.items[2].cells.A).toEqual({ attempts: 1, solved: false, score: 0, minute: null, elapsedSeconds: null, pending: 0 });
    expect(virtual.mine).toMatchObject({ rank: 2, username: cat.user.username, penalty: 15 });
    expect(virtual.firstSolvers).toEqual({ A: { username: ann.user.username, minute: 10 } });

    // Nobody else's view moved: the official board, the first solvers and the problem counters are as they were.
    expect(await board(contestId, ann)).toEqual(official);
    expect((await board(contestId)).virtualMinute).toBeNull();
    expect(await counters()).toEqual(countersBefore);
  });

  it('after the run, shows the board as it stood at the run’s end, and takes later submissions as practice', async () => {
    const { contestId } = await createContest(t, admin, contestBody(problems, -50, 10));
    const startsAt = (await t.http().get(`/api/contests/${contestId}`).expect(200)).body.startsAt;
    await register(t, ann, contestId);
    await submitGraded(t, ann, contestId, problems[0], minutesFrom(startsAt, 45), 'accepted');
    await ds().query(`UPDATE contests SET ends_at = now() - interval '1 minute' WHERE contest_id = $1`, [contestId]);
    await startVirtual(bob, contestId).expect(200);
    await ds().query(
      `UPDATE contest_participations SET started_at = now() - interval '2 hours', ends_at = now() - interval '71 minutes'
       WHERE contest_id = $1 AND kind = 'virtual'`,
      [contestId],
    );
    const id = await submitGraded(t, bob, contestId, problems[0], new Date(), 'accepted');
    const [practice] = await ds().query('SELECT participation_id, contest_id FROM submissions WHERE id = $1', [id]);
    expect(practice).toEqual({ participation_id: null, contest_id: contestId });
    const after = await board(contestId, bob);
    expect(after.virtualMinute).toBe(49);
    expect(names(after)).toEqual([`1:${ann.user.username}:1`, `2:${bob.user.username}:0`]);
  });

  it('needs a token and an existing contest', async () => {
    await t.http().post('/api/contests/1/virtual').expect(401);
    await startVirtual(ann, 999999).expect(404);
  });
});

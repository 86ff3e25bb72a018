import {
  bearer,
  boardCast,
  contestBody,
  createContest,
  createTestApp,
  minutesFrom,
  register,
  registerUser,
  submitGraded,
  TestApp,
  TestSession,
} from '@oj/api-testing';
import { DataSource } from 'typeorm';

type Row = { rank: number; username: string; virtual: boolean; solved: number; penalty: number; cells: Record<string, unknown> };
type Board = { items: Row[]; mine: Row | null; total: number; totalPages: number; problemTotals: unknown; firstSolvers: unknown };

/**
 * Issue 33, item 7: "show virtual participants". With `virtual=true` every virtual run's row, finished or under way,
 * is ranked in among the official ones, marked, counted from its own start; without it the official board is as it
 * was, whatever virtual runs exist.
 */
describe('the board with virtual participants', () => {
  let t: TestApp;
  let admin: TestSession;
  let ann: TestSession;
  let bob: TestSession;
  let cat: TestSession;
  let dan: TestSession;
  let problems: number[];

  beforeAll(async () => {
    t = await createTestApp();
    ({ admin, ann, bob, problems } = await boardCast(t));
    [cat, dan] = await Promise.all([registerUser(t), registerUser(t)]);
  });
  afterAll(() => t.close());

  const ds = () => t.app.get(DataSource);
  const board = async (contestId: number, query: string, who?: TestSession): Promise<Board> => {
    const req = t.http().get(`/api/contests/${contestId}/scoreboard?${query}`);
    return (await (who ? req.set(...bearer(who)) : req).expect(200)).body;
  };
  const ranks = (b: Board) => b.items.map((r) => `${r.rank}:${r.username}${r.virtual ? '*' : ''}:${r.solved}:${r.penalty}`);
  const startVirtual = (who: TestSession, contestId: number) =>
    t
      .http()
      .post(`/api/contests/${contestId}/virtual`)
      .set(...bearer(who))
      .expect(200);
  /** Moves the user's run to [start, end) minutes from now, as time passing would. */
  const moveRun = (who: TestSession, contestId: number, from: number, to: number) =>
    ds().query(
      `UPDATE contest_participations SET started_at = now() + make_interval(mins => $3), ends_at = now() + make_interval(mins => $4)
       WHERE contest_id = $1 AND user_id = $2 AND kind = 'virtual'`,
      [contestId, who.user.id, from, to],
    );
  /** Some seconds into the run's minute: its start is read in milliseconds, stored in microseconds. */
  const runMinute = (start: string, minute: number) => new Date(minutesFrom(start, minute).getTime() + 5_000);
  const runStart = async (who: TestSession, contestId: number): Promise<string> => {
    const [row] = await ds().query(
      `SELECT started_at FROM contest_participations WHERE contest_id = $1 AND user_id = $2 AND kind = 'virtual'`,
      [contestId, who.user.id],
    );
    return row.started_at.toISOString();
  };

  it('ranks finished and running virtual runs among the official rows when asked, and leaves the official board alone', async () => {
    const [A, B] = problems;
    const { contestId } = await createContest(t, admin, contestBody(problems, -50, 10));
    const startsAt = (await t.http().get(`/api/contests/${contestId}`).expect(200)).body.startsAt;
    await register(t, ann, contestId);
    await register(t, bob, contestId);
    await submitGraded(t, ann, contestId, A, minutesFrom(startsAt, 10), 'accepted');
    await submitGraded(t, ann, contestId, B, minutesFrom(startsAt, 40), 'accepted');
    await submitGraded(t, bob, contestId, A, minutesFrom(startsAt, 20), 'wrong_answer');
    await submitGraded(t, bob, contestId, A, minutesFrom(startsAt, 30), 'accepted');
    await ds().query(`UPDATE contests SET ends_at = now() - interval '1 minute' WHERE contest_id = $1`, [contestId]);
    const official = await board(contestId, '', admin);
    expect(ranks(official)).toEqual([`1:${ann.user.username}:2:50`, `2:${bob.user.username}:1:50`]);
    expect(official.items.map((r) => r.virtual)).toEqual([false, false]);

    // cat's run is under way (25 minutes in): A at its minute 5, B at 15. dan's ended: a rejected A at 3, A at 40.
    await startVirtual(cat, contestId);
    await moveRun(cat, contestId, -25, 24);
    const catStart = await runStart(cat, contestId);
    await submitGraded(t, cat, contestId, A, runMinute(catStart, 5), 'accepted');
    await submitGraded(t, cat, contestId, B, runMinute(catStart, 15), 'accepted');
    await startVirtual(dan, contestId);
    await moveRun(dan, contestId, -120, 10);
    const danStart = await runStart(dan, contestId);
    await submitGraded(t, dan, contestId, A, runMinute(danStart, 3), 'wrong_answer');
    await submitGraded(t, dan, contestId, A, runMinute(danStart, 40), 'accepted');
    await moveRun(dan, contestId, -120, -71);

    // Off by default, and `false` alike: the official board, ranks and counts as they were.
    for (const query of ['', 'virtual=false']) expect(await board(contestId, query, admin)).toEqual(official);
    expect(ranks(await board(contestId, ''))).toEqual(ranks(official));

    // On: each run counted from its own start, with the format's penalty, ranked among the official rows.
    const all = await board(contestId, 'virtual=true');
    expect(ranks(all)).toEqual([
      `1:${cat.user.username}*:2:20`,
      `2:${ann.user.username}:2:50`,
      `3:${bob.user.username}:1:50`,
      `4:${dan.user.username}*:1:60`,
    ]);
    expect(all.items[3].cells.A).toMatchObject({ attempts: 1, solved: true, minute: 40 });
    expect([all.total, all.totalPages]).toEqual([4, 1]);
    expect(all.problemTotals).toEqual({ A: { solved: 4, tried: 4 }, B: { solved: 2, tried: 2 } });
    // The first solvers stay the contest's own: a run's minute 5 is not a first solve of the contest.
    expect(all.firstSolvers).toEqual(official.firstSolvers);
    // Pages and the user search rank on the whole board with virtual rows.
    expect(ranks(await board(contestId, 'virtual=true&limit=2&page=2'))).toEqual(ranks(all).slice(2));
    const found = await board(contestId, `virtual=true&user=${encodeURIComponent(dan.user.username.toUpperCase())}`);
    expect([found.total, ranks(found)]).toEqual([1, [`4:${dan.user.username}*:1:60`]]);
    // A registered participant's own row is their official one, ranked on this board.
    expect((await board(contestId, 'virtual=true', bob)).mine).toMatchObject({ rank: 3, username: bob.user.username, virtual: false });
    // dan's run is over: his own row on this board is the run's; cat's is under way, so she sees her run's board.
    expect((await board(contestId, 'virtual=true', dan)).mine).toMatchObject({ rank: 4, virtual: true });
    const catBoard = await board(contestId, 'virtual=true', cat);
    expect(catBoard).toMatchObject({ virtualMinute: 25, mine: { username: cat.user.username, virtual: true } });
  });

  it('shows a new run at once, and never hides an official result the freeze hides', async () => {
    const [A, B] = problems;
    // Frozen for its last 30 minutes (from 20 minutes ago), then ended a minute ago with the freeze's start kept, and
    // not unfrozen: a guest sees the frozen board.
    const { contestId } = await createContest(t, admin, contestBody(problems, -60, 10, { freezeMinutes: 30 }));
    const startsAt = (await t.http().get(`/api/contests/${contestId}`).expect(200)).body.startsAt;
    await register(t, ann, contestId);
    await submitGraded(t, ann, contestId, A, minutesFrom(startsAt, 10), 'accepted');
    // Inside the freeze: pending for everyone but ann and admins.
    await submitGraded(t, ann, contestId, B, minutesFrom(startsAt, 55), 'accepted');
    await ds().query(`UPDATE contests SET ends_at = now() - interval '1 minute', freeze_minutes = 19 WHERE contest_id = $1`, [contestId]);
    expect(ranks(await board(contestId, 'virtual=true'))).toEqual([`1:${ann.user.username}:1:10`]);

    // A run's start is announced: the board read just before shows it now.
    await startVirtual(bob, contestId);
    const bobStart = await runStart(bob, contestId);
    await submitGraded(t, bob, contestId, B, runMinute(bobStart, 2), 'accepted');
    const guest = await board(contestId, 'virtual=true');
    expect(guest).toMatchObject({ frozen: true, total: 2 });
    expect(ranks(guest)).toEqual([`1:${bob.user.username}*:1:2`, `2:${ann.user.username}:1:10`]);
    // ann's frozen B stays pending on the guest's board, and uncounted as a solve.
    expect(guest.items[1].cells.B).toMatchObject({ solved: false, pending: 1 });
    expect(guest.problemTotals).toEqual({ A: { solved: 1, tried: 1 }, B: { solved: 1, tried: 2 } });
    expect(JSON.stringify(guest)).not.toMatch(/"minute":55/);
    // Admins see it live: ann's two solves rank her above bob's run.
    expect(ranks(await board(contestId, 'virtual=true', admin))).toEqual([`1:${ann.user.username}:2:65`, `2:${bob.user.username}*:1:2`]);
  });

  it('answers 400 for a virtual that is not true or false, and 404 where the contest is not the caller’s to see', async () => {
    const { contestId } = await createContest(t, admin, contestBody(problems, -50, 10));
    for (const bad of ['1', 'yes', 'TRUE', '']) {
      const res = await t.http().get(`/api/contests/${contestId}/scoreboard?virtual=${bad}`).expect(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect(JSON.stringify(res.body)).toContain('virtual must be true or false.');
    }
    // Invitation only: its board, with virtual rows or not, is for those it admitted.
    const hidden = await createContest(t, admin, contestBody(problems, -50, 10, { isPublic: false }));
    await t.http().get(`/api/contests/${hidden.contestId}/scoreboard?virtual=true`).expect(404);
  });
});

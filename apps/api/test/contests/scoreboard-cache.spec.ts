import {
  bearer,
  boardCast,
  contestBody,
  contestStreams,
  createContest,
  createTestApp,
  minutesFrom,
  publishFinished,
  register,
  registerUser,
  SseClient,
  submitGraded,
  TestApp,
  TestSession,
} from '@oj/api-testing';
import { DataSource } from 'typeorm';

import { BoardCache } from '../../src/contests/scoreboard/board-cache';
import { BOARD_ROWS_SQL, rankedPageSql, rankingSql } from '../../src/contests/scoreboard/scoreboard.queries';
import { countStatements, recordStatements } from '../sql-statements';

jest.setTimeout(60_000);

type Cell = { attempts: number; solved: boolean; pending: number };
type Row = { username: string; solved: number; cells: Record<string, Cell> };
type Board = { frozen: boolean; labels: string[]; items: Row[]; mine: Row | null; total: number };

/**
 * The board cache (BoardCache) never shows a board older than the last change the instance has taken in: a result
 * (the worker's `finished` event), the freeze beginning, the unfreeze, an edit or a deletion.
 */
describe('the cached scoreboard', () => {
  let t: TestApp;
  let admin: TestSession;
  let ann: TestSession;
  let bob: TestSession;
  let problems: number[];
  let streams: ReturnType<typeof contestStreams>;

  beforeAll(async () => {
    t = await createTestApp();
    ({ admin, ann, bob, problems } = await boardCast(t));
    streams = contestStreams(t);
  });
  afterAll(async () => {
    streams.closeAll();
    await t.close();
  });

  const board = async (contestId: number, session?: TestSession): Promise<Board> => {
    const req = t.http().get(`/api/contests/${contestId}/scoreboard`);
    return (await (session ? req.set(...bearer(session)) : req).expect(200)).body;
  };
  const rowOf = (b: Board, session: TestSession) => b.items.find((r) => r.username === session.user.username)!;
  const stream = (session: TestSession, contestId: number) => streams.open(session, contestId);
  /** Writes a result as the worker does and waits until this instance has taken it in (its row event reached a viewer). */
  const verdict = async (
    watcher: SseClient,
    user: TestSession,
    contestId: number,
    problemId: number,
    at: Date,
    status: 'accepted' | 'wrong_answer',
  ) => {
    const seen = watcher.events.length;
    await publishFinished(t, await submitGraded(t, user, contestId, problemId, at, status));
    await watcher.waitFor((e) => watcher.events.indexOf(e) >= seen && e.eventType === 'row');
  };

  it('reads the new board right after a verdict, before, during and after the freeze', async () => {
    // Frozen for the last 20 minutes, which begin 3 seconds from now.
    const freezeIn = 3_000;
    const { contestId } = await createContest(t, admin, contestBody(problems, -50, 20 + freezeIn / 60_000, { freezeMinutes: 20 }));
    const contest = (await t.http().get(`/api/contests/${contestId}`).expect(200)).body;
    const freezeAt = new Date(new Date(contest.endsAt).getTime() - 20 * 60_000);
    await register(t, ann, contestId);
    await register(t, bob, contestId);
    const watcher = await stream(admin, contestId);
    const [A, B] = problems;

    // Before the freeze: every read cached, then bob's accepted A.
    await Promise.all([board(contestId), board(contestId, ann), board(contestId, admin)]);
    await verdict(watcher, bob, contestId, A, minutesFrom(contest.startsAt, 30), 'accepted');
    expect(rowOf(await board(contestId), bob)).toMatchObject({ solved: 1 });
    expect(rowOf(await board(contestId, ann), bob)).toMatchObject({ solved: 1 });

    // A result dated inside the coming freeze: everyone sees it until the freeze begins, then only bob and admins.
    await verdict(watcher, bob, contestId, B, new Date(freezeAt.getTime() + 1_000), 'accepted');
    const before = await board(contestId);
    expect(before.frozen).toBe(false);
    expect(rowOf(before, bob)).toMatchObject({ solved: 2 });
    await new Promise((r) => setTimeout(r, Math.max(0, freezeAt.getTime() - Date.now() + 100)));
    // No event: the freeze is a moment in time, and each read decides its view from the clock.
    const frozen = await board(contestId);
    expect(frozen.frozen).toBe(true);
    expect(rowOf(frozen, bob)).toMatchObject({ solved: 1 });
    expect(rowOf(frozen, bob).cells.B).toMatchObject({ solved: false, pending: 1 });
    expect(rowOf(await board(contestId, bob), bob)).toMatchObject({ solved: 2 });

    // During the freeze: ann's verdicts reach her own row and the admin's board at once, the others' as pending.
    await verdict(watcher, ann, contestId, A, new Date(), 'wrong_answer');
    await verdict(watcher, ann, contestId, A, new Date(), 'accepted');
    expect((await board(contestId, ann)).mine).toMatchObject({ solved: 1 });
    expect(rowOf(await board(contestId, ann), ann).cells.A).toMatchObject({ attempts: 1, solved: true, pending: 0 });
    expect(rowOf(await board(contestId, admin), ann)).toMatchObject({ solved: 1 });
    expect(rowOf(await board(contestId), ann).cells.A).toMatchObject({ solved: false, pending: 2 });
    expect(rowOf(await board(contestId, bob), ann).cells.A).toMatchObject({ solved: false, pending: 2 });

    // After the end it stays frozen; the unfreeze shows everyone the live board on their very next read.
    await t.app.get(DataSource).query(`UPDATE contests SET ends_at = now() - interval '1 minute' WHERE contest_id = $1`, [contestId]);
    expect((await board(contestId)).frozen).toBe(true);
    await t
      .http()
      .post(`/api/contests/${contestId}/unfreeze`)
      .set(...bearer(admin))
      .expect(200);
    const revealed = await board(contestId);
    expect(revealed.frozen).toBe(false);
    expect([rowOf(revealed, bob).solved, rowOf(revealed, ann).solved]).toEqual([2, 1]);
    expect(revealed.items).toEqual((await board(contestId, admin)).items);
  });

  it('tells the contest stream of an edit, the unfreeze and a deletion, and reads the changed board at once', async () => {
    const { contestId } = await createContest(t, admin, contestBody(problems.slice(0, 1), -50, 10, { freezeMinutes: 20 }));
    await register(t, ann, contestId);
    const annStream = await stream(ann, contestId);
    expect((await board(contestId, ann)).labels).toEqual(['A']);

    await t
      .http()
      .put(`/api/contests/${contestId}`)
      .set(...bearer(admin))
      .send(contestBody(problems, -50, -1, { freezeMinutes: 20 }))
      .expect(200);
    expect((await board(contestId, ann)).labels).toEqual(['A', 'B']);
    await annStream.waitFor((e) => e.eventType === 'board' && e.change === 'edited');
    expect(await annStream.waitFor((e) => e.eventType === 'board')).toMatchObject({ contestId, eventId: expect.any(String) });

    await t
      .http()
      .post(`/api/contests/${contestId}/unfreeze`)
      .set(...bearer(admin))
      .expect(200);
    expect((await board(contestId, ann)).frozen).toBe(false);
    await annStream.waitFor((e) => e.eventType === 'board' && e.change === 'unfrozen');

    // A registration changes no cell, but adds a row: the next read counts it.
    const open = await createContest(t, admin, contestBody(problems, -5, 60));
    await register(t, ann, open.contestId);
    expect((await board(open.contestId)).total).toBe(1);
    await register(t, bob, open.contestId);
    expect((await board(open.contestId)).total).toBe(2);

    await t
      .http()
      .delete(`/api/contests/${contestId}`)
      .set(...bearer(admin))
      .expect(204);
    await annStream.waitFor((e) => e.eventType === 'board' && e.change === 'deleted');
    for (let i = 0; i < 100 && !annStream.ended; i++) await new Promise((r) => setTimeout(r, 20));
    expect(annStream.ended).toBe(true);
    await t.http().get(`/api/contests/${contestId}/scoreboard`).expect(404);
  });

  it('answers a read of an unchanged board with the contest and caller lookups alone', async () => {
    const { contestId } = await createContest(t, admin, contestBody(problems, -50, 10, { freezeMinutes: 20 }));
    const contest = (await t.http().get(`/api/contests/${contestId}`).expect(200)).body;
    for (const user of [ann, bob]) await register(t, user, contestId);
    await submitGraded(t, bob, contestId, problems[0], minutesFrom(contest.startsAt, 5), 'accepted');
    const statements = (session?: TestSession) => countStatements(() => board(contestId, session));
    const cold = await statements(ann);
    // The caller's account (the auth guard), the contest, and the caller's seats (registration and virtual run, one read).
    expect(await statements(ann)).toBe(3);
    expect(await statements()).toBe(1);
    expect(cold).toBeGreaterThan(3);
  });

  it('reads again only the rows written since, each kept by its version, whatever board change was lost', async () => {
    const { contestId } = await createContest(t, admin, contestBody(problems.slice(0, 2), -50, 60));
    const contest = (await t.http().get(`/api/contests/${contestId}`).expect(200)).body;
    for (const user of [ann, bob]) await register(t, user, contestId);
    const participation = async (user: TestSession): Promise<string> =>
      (
        await t.app
          .get(DataSource)
          .query('SELECT id FROM contest_participations WHERE contest_id = $1 AND user_id = $2', [contestId, user.user.id])
      )[0].id;
    const watcher = await stream(admin, contestId);
    const [A, B] = problems;
    await verdict(watcher, bob, contestId, A, minutesFrom(contest.startsAt, 5), 'accepted');
    await board(contestId);

    // Ann's verdict: the page is ranked again, and neither row is read: hers was read (and kept) for the contest
    // stream's row event, bob's has not changed.
    const verdictSent = await recordStatements(() => verdict(watcher, ann, contestId, B, minutesFrom(contest.startsAt, 7), 'wrong_answer'));
    const rowReads = async () => {
      let read: Board | undefined;
      const sent = await recordStatements(async () => (read = await board(contestId)));
      return { read: read!, sent, ids: sent.filter((s) => s.text === BOARD_ROWS_SQL).map((s) => s.values?.[1]) };
    };
    const afterVerdict = await rowReads();
    expect(afterVerdict.ids).toEqual([]);
    // Nor is the board ranked again, by the stream's row event or the read: the kept ranking moved ann's row when
    // her result arrived.
    const ranking = [rankingSql('icpc', 'live'), rankingSql('icpc', 'public'), rankedPageSql('icpc', 'live')];
    expect([...verdictSent, ...afterVerdict.sent].filter((s) => ranking.includes(s.text))).toEqual([]);
    expect(rowOf(afterVerdict.read, ann).cells['B']).toMatchObject({ attempts: 1, solved: false });
    expect(rowOf(afterVerdict.read, bob).cells['A']).toMatchObject({ attempts: 0, solved: true });

    // A row written with no word to this instance (its board change lost), once the cached page is gone: of the
    // page's rows, it alone is read again, by its new version.
    await t.app.get(DataSource).query('UPDATE contest_participations SET solved = 2 WHERE id = $1', [await participation(bob)]);
    t.app.get(BoardCache).invalidate(contestId);
    const afterWrite = await rowReads();
    expect(afterWrite.ids).toEqual([[await participation(bob)]]);
    expect(rowOf(afterWrite.read, bob).solved).toBe(2);

    // An edit that swaps the labels re-folds every row: bob's accepted problem is B now.
    await t
      .http()
      .put(`/api/contests/${contestId}`)
      .set(...bearer(admin))
      .send(contestBody([B, A], -50, 60))
      .expect(200);
    const relabelled = await board(contestId);
    expect(rowOf(relabelled, bob).cells['B']).toMatchObject({ solved: true });
    expect(rowOf(relabelled, ann).cells['A']).toMatchObject({ attempts: 1, solved: false });
  });

  it('keeps the ranking through results as ranking the board from nothing in SQL would, on every page and view', async () => {
    const { contestId } = await createContest(t, admin, contestBody(problems, -50, 10, { freezeMinutes: 20 }));
    const contest = (await t.http().get(`/api/contests/${contestId}`).expect(200)).body;
    const cast = [ann, bob, ...(await Promise.all([1, 2, 3].map(() => registerUser(t))))];
    for (const user of cast) await register(t, user, contestId);
    const watcher = await stream(admin, contestId);
    const [A, B] = problems;
    const fromNothing = async (view: 'live' | 'public') => {
      const rows: { id: string; rank: number; username: string }[] = await t.app
        .get(DataSource)
        .query(rankedPageSql('icpc', view), [contestId, null, 0]);
      return rows.map((r) => `${r.rank}:${r.username}`);
    };
    const pages = async (session?: TestSession) => {
      const shown: string[] = [];
      for (let page = 1; page <= 3; page++) {
        const req = t.http().get(`/api/contests/${contestId}/scoreboard?page=${page}&limit=2`);
        const body = (await (session ? req.set(...bearer(session)) : req).expect(200)).body as { items: (Row & { rank: number })[] };
        shown.push(...body.items.map((r) => `${r.rank}:${r.username}`));
      }
      return shown;
    };
    // Every page read (and so ranked and kept) before the results, then again after each.
    await Promise.all([pages(), pages(admin)]);
    const results: [TestSession, number, number, 'accepted' | 'wrong_answer'][] = [
      [cast[2], A, 12, 'accepted'],
      [cast[0], A, 14, 'wrong_answer'],
      [cast[0], A, 15, 'accepted'],
      [cast[3], B, 15, 'accepted'],
      [cast[1], B, 40, 'accepted'], // inside the freeze: pending for the public view
      [cast[2], B, 45, 'wrong_answer'],
    ];
    for (const [user, problem, minute, status] of results) {
      await verdict(watcher, user, contestId, problem, minutesFrom(contest.startsAt, minute), status);
      expect(await pages(admin)).toEqual(await fromNothing('live'));
      expect(await pages()).toEqual(await fromNothing('public'));
    }
    // Penalties 12, 15, 15 + 20, 40: the first AC at minute 12 leads.
    expect((await pages(admin))[0]).toBe(`1:${cast[2].user.username}`);
  });

  it('takes a registration into the kept ranking: the next read shows the new row and reads no ranking again', async () => {
    const { contestId } = await createContest(t, admin, contestBody(problems, -50, 60));
    const contest = (await t.http().get(`/api/contests/${contestId}`).expect(200)).body;
    await register(t, ann, contestId);
    const watcher = await stream(admin, contestId);
    await verdict(watcher, ann, contestId, problems[0], minutesFrom(contest.startsAt, 5), 'accepted');
    await Promise.all([board(contestId), board(contestId, admin)]);
    const newcomer = await registerUser(t);
    const ranking = [rankingSql('icpc', 'live'), rankingSql('icpc', 'public')];
    const sent = await recordStatements(async () => {
      await register(t, newcomer, contestId);
      const after = await board(contestId, newcomer);
      expect(after.total).toBe(2);
      expect(after.items.map((r) => [r.username, (r as Row & { rank: number }).rank])).toEqual([
        [ann.user.username, 1],
        [newcomer.user.username, 2],
      ]);
      expect(after.mine).toMatchObject({ username: newcomer.user.username, rank: 2, solved: 0 });
      // Every label has its cell, tried or not, in the contest's order.
      const untried = { attempts: 0, solved: false, score: 0, minute: null, elapsedSeconds: null, pending: 0 };
      expect(after.mine?.cells).toEqual({ A: untried, B: untried });
      expect(Object.keys(after.items[0].cells)).toEqual(['A', 'B']);
      expect(after.items[0].cells.B).toEqual(untried);
    });
    expect(sent.filter((s) => ranking.includes(s.text))).toEqual([]);
    // Registering again changes nothing, and tells no instance to.
    expect(await countStatements(() => register(t, newcomer, contestId))).toBeLessThan(sent.length);
    expect((await board(contestId)).total).toBe(2);
  });
});

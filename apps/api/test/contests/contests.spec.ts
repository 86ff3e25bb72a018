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
import { compareRows, type ContestCell, foldCell, rankRows, rowFromCells } from '@oj/contracts';
import { DataSource } from 'typeorm';

describe('contests', () => {
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
    for (const title of ['A', 'B', 'Secret'])
      problems.push((await createProblem(t, admin, problemBody({ title, isPublic: title !== 'Secret' }))).problemId);
  });
  afterAll(() => t.close());

  const http = () => t.http();

  describe('create, read, edit, delete', () => {
    it('applies the defaults: labels A, B…, 1 point for icpc, 100 for ioi, penalty 20 and 5', async () => {
      const icpc = await createContest(t, admin, contestBody(problems.slice(0, 2), 60, 180));
      expect(icpc).toMatchObject({
        format: 'icpc',
        penaltyMinutes: 20,
        phase: 'upcoming',
        problems: [
          { label: 'A', problemId: problems[0], points: 1 },
          { label: 'B', problemId: problems[1], points: 1 },
        ],
      });
      const ioi = await createContest(t, admin, contestBody(problems.slice(0, 1), 60, 180, { format: 'ioi' }));
      expect(ioi).toMatchObject({ penaltyMinutes: 0, problems: [{ label: 'A', points: 100 }] });
      const atcoder = await createContest(
        t,
        admin,
        contestBody([], 60, 180, { format: 'atcoder', problems: [{ problemId: problems[0], points: 300, label: 'X' }] }),
      );
      expect(atcoder).toMatchObject({ penaltyMinutes: 5, problems: [{ label: 'X', points: 300 }] });
    });

    it("carries the server's clock (serverTime, to the millisecond) in every contest answer, for pages to count down on", async () => {
      const created = await createContest(t, admin, contestBody(problems.slice(0, 1), 60, 180));
      const before = Date.now();
      const read = await http().get(`/api/contests/${created.contestId}`).expect(200);
      const list = await http().get('/api/contests').expect(200);
      for (const serverTime of [read.body.serverTime, list.body.items[0].serverTime]) {
        expect(serverTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
        expect(Math.abs(Date.parse(serverTime) - before)).toBeLessThan(5000);
      }
    });

    it('refuses bad input with 400 VALIDATION_ERROR and details', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [contestBody([problems[0]], 60, 180, { format: 'atcoder' }), 'problems.0.points'],
        [contestBody([problems[0]], 180, 60), 'endsAt'],
        [contestBody([problems[0]], 60, 180, { format: 'chess' }), 'format'],
        [contestBody([problems[0], problems[0]], 60, 180), 'problems.1.problemId'],
        [contestBody([999999], 60, 180), 'problems.0.problemId'],
        [contestBody([problems[0]], 60, 120, { freezeMinutes: 60 }), 'freezeMinutes'],
        [contestBody([problems[0]], 60, 180, { startsAt: 'soon' }), 'startsAt'],
        [contestBody([problems[0]], 60, 180, { problems: [{ problemId: problems[0], label: 'a!' }] }), 'problems.0.label'],
      ];
      for (const [body, path] of cases) {
        const res = await http()
          .post('/api/contests')
          .set(...bearer(admin))
          .send(body)
          .expect(400);
        expect(res.body.code).toBe('VALIDATION_ERROR');
        expect(res.body.details.map((d: { path: string }) => d.path)).toContain(path);
      }
    });

    it('lets only admins write, and lists upcoming, running and past', async () => {
      await http()
        .post('/api/contests')
        .set(...bearer(ann))
        .send(contestBody([problems[0]], 60, 180))
        .expect(403);
      const past = await createContest(t, admin, contestBody([problems[0]], -180, -60, { title: 'Old round' }));
      const res = await http().get('/api/contests?phase=past').expect(200);
      expect(res.body.items.map((c: { contestId: number }) => c.contestId)).toContain(past.contestId);
      expect(res.body.items.every((c: { phase: string }) => c.phase === 'past')).toBe(true);

      const edited = await http()
        .put(`/api/contests/${past.contestId}`)
        .set(...bearer(admin))
        .send(contestBody([problems[1]], -180, -60, { title: 'Renamed' }))
        .expect(200);
      expect(edited.body).toMatchObject({ title: 'Renamed', problems: [{ label: 'A', problemId: problems[1] }] });
      await http()
        .delete(`/api/contests/${past.contestId}`)
        .set(...bearer(admin))
        .expect(204);
      await http().get(`/api/contests/${past.contestId}`).expect(404);
      await http().get('/api/contests/abc').expect(404);
    });
  });

  describe('registration, problems and refused submissions', () => {
    const submit = (user: TestSession, contestId: number, problemId: number) =>
      http()
        .post('/api/submissions')
        .set(...bearer(user))
        .send({ problemId, contestId, languageId: 71, sourceCode: 'print(1)' });

    it('refuses the wrong access code, the unregistered, before the start and after the window', async () => {
      const upcoming = await createContest(t, admin, contestBody([problems[2]], 30, 90, { isPublic: false, accessCode: 'sesame-2026' }));
      await http()
        .post(`/api/contests/${upcoming.contestId}/register`)
        .set(...bearer(ann))
        .send({ accessCode: 'nope' })
        .expect(403);
      expect((await submit(ann, upcoming.contestId, problems[2]).expect(403)).body.message).toBe(
        'You are not registered for this contest.',
      );
      const listed = async (user?: TestSession) => {
        const req = http().get('/api/contests?phase=upcoming&limit=100');
        const res = await (user ? req.set(...bearer(user)) : req).expect(200);
        return res.body.items.some((c: { contestId: number }) => c.contestId === upcoming.contestId);
      };
      // A private contest is listed to admins and its participants only.
      expect([await listed(), await listed(ann), await listed(admin)]).toEqual([false, false, true]);
      await register(t, ann, upcoming.contestId, 'sesame-2026');
      expect([await listed(), await listed(ann)]).toEqual([false, true]);
      expect((await submit(ann, upcoming.contestId, problems[2]).expect(403)).body.message).toBe('The contest has not started yet.');
      // The private problem stays hidden before the start, even from a participant; admins read it.
      await http()
        .get(`/api/contests/${upcoming.contestId}/problems/A`)
        .set(...bearer(ann))
        .expect(404);
      await http()
        .get(`/api/contests/${upcoming.contestId}/problems/A`)
        .set(...bearer(admin))
        .expect(200);

      const windowed = await createContest(t, admin, contestBody([problems[2]], -30, 90, { durationMinutes: 20 }));
      await register(t, ann, windowed.contestId);
      expect((await submit(ann, windowed.contestId, problems[2]).expect(403)).body.message).toMatch(/^Start the contest first/);
      const started = await http()
        .post(`/api/contests/${windowed.contestId}/start`)
        .set(...bearer(ann))
        .expect(200);
      expect(new Date(started.body.participation.endsAt).getTime() - new Date(started.body.participation.startedAt).getTime()).toBe(
        20 * 60_000,
      );
      await submit(ann, windowed.contestId, problems[2]).expect(201);
      // Registered participants read the private problem from the start; a guest and a stranger do not.
      const read = await http()
        .get(`/api/contests/${windowed.contestId}/problems/A`)
        .set(...bearer(ann))
        .expect(200);
      expect(read.body.title).toBe('Secret');
      await http().get(`/api/contests/${windowed.contestId}/problems/A`).expect(404);
      await http()
        .get(`/api/contests/${windowed.contestId}/problems/A`)
        .set(...bearer(bob))
        .expect(404);
      await submit(bob, windowed.contestId, problems[2]).expect(403);

      await t.app
        .get(DataSource)
        .query(`UPDATE contest_participations SET ends_at = now() - interval '1 minute' WHERE contest_id = $1`, [windowed.contestId]);
      expect((await submit(ann, windowed.contestId, problems[2]).expect(403)).body.message).toBe('Your time in this contest is over.');
      await submit(ann, windowed.contestId, problems[0]).expect(400);
    });

    it('takes practice submissions after the end, off the board', async () => {
      const past = await createContest(t, admin, contestBody([problems[0]], -120, -10));
      await http()
        .post(`/api/contests/${past.contestId}/register`)
        .set(...bearer(bob))
        .send({})
        .expect(403);
      const res = await submit(bob, past.contestId, problems[0]).expect(201);
      const [row] = await t.app
        .get(DataSource)
        .query('SELECT contest_id, participation_id FROM submissions WHERE id = $1', [res.body.submissionId]);
      expect(row).toEqual({ contest_id: past.contestId, participation_id: null });
      const board = await http().get(`/api/contests/${past.contestId}/scoreboard`).expect(200);
      expect(board.body.items).toEqual([]);
    });
  });

  describe('the scoreboard', () => {
    it('ranks from the kept cells, freezes for others, shows participants their own and admins everything', async () => {
      // 60 minutes, frozen for the last 20: it started 50 minutes ago, so the freeze began 10 minutes ago.
      const c = await createContest(t, admin, contestBody(problems.slice(0, 2), -50, 10, { freezeMinutes: 20 }));
      const contest = (await http().get(`/api/contests/${c.contestId}`).expect(200)).body;
      for (const u of [ann, bob, cat]) await register(t, u, c.contestId);
      const at = (m: number) => minutesFrom(contest.startsAt, m);
      const [A, B] = problems;
      await submitGraded(t, ann, c.contestId, A, at(5), 'wrong_answer');
      await submitGraded(t, ann, c.contestId, A, at(7), 'ce');
      await submitGraded(t, ann, c.contestId, A, at(10), 'accepted');
      await submitGraded(t, ann, c.contestId, B, at(30), 'accepted');
      await submitGraded(t, bob, c.contestId, A, at(20), 'accepted');
      await submitGraded(t, bob, c.contestId, B, at(45), 'wrong_answer'); // frozen
      await submitGraded(t, bob, c.contestId, B, at(46), 'accepted'); // frozen
      await submitGraded(t, cat, c.contestId, A, at(15), 'accepted');
      await submitGraded(t, cat, c.contestId, B, at(25), 'accepted');

      const board = (session?: TestSession) => {
        const req = http().get(`/api/contests/${c.contestId}/scoreboard`);
        return (session ? req.set(...bearer(session)) : req).expect(200).then((r) => r.body);
      };
      const names = (b: { items: { rank: number; username: string }[] }) => b.items.map((r) => `${r.rank}:${r.username}`);

      // ann: A 10 + 20, B 30 → 60, last AC 30. cat: A 15, B 25 → 40. bob: A 20 (+ B hidden).
      const guest = await board();
      expect(guest.frozen).toBe(true);
      expect(names(guest)).toEqual([`1:${cat.user.username}`, `2:${ann.user.username}`, `3:${bob.user.username}`]);
      const bobRow = guest.items[2];
      expect(bobRow).toMatchObject({ solved: 1, penalty: 20 });
      expect(bobRow.cells.B).toEqual({ attempts: 0, solved: false, score: 0, minute: null, elapsedSeconds: null, pending: 2 });
      expect(guest.items[1].cells.A).toEqual({ attempts: 1, solved: true, score: 1, minute: 10, elapsedSeconds: 600, pending: 0 });
      expect(guest.firstSolvers).toEqual({
        A: { username: ann.user.username, minute: 10 },
        B: { username: cat.user.username, minute: 25 },
      });

      // bob sees his own verdicts; ann still sees bob's B as pending; the admin sees the live board.
      const bobs = await board(bob);
      expect(bobs.mine).toMatchObject({ username: bob.user.username, solved: 2, penalty: 20 + 46 + 20 });
      expect(bobs.mine.cells.B).toEqual({ attempts: 1, solved: true, score: 1, minute: 46, elapsedSeconds: 2760, pending: 0 });
      const anns = await board(ann);
      expect(anns.items.find((r: { username: string }) => r.username === bob.user.username).cells.B.pending).toBe(2);
      const admins = await board(admin);
      expect(admins.frozen).toBe(false);
      expect(names(admins)).toEqual([`1:${cat.user.username}`, `2:${ann.user.username}`, `3:${bob.user.username}`]);
      expect(admins.items[2]).toMatchObject({ solved: 2, penalty: 86 });

      // The live board equals one computed from scratch with the contracts' rules.
      expect(admins.items.map((r: { username: string; rank: number }) => [r.username, r.rank])).toEqual(
        await boardFromScratch(c.contestId, contest.startsAt),
      );

      // Paginated: the second page holds the third row, and the caller's row comes along.
      const page2 = (
        await http()
          .get(`/api/contests/${c.contestId}/scoreboard?page=2&limit=2`)
          .set(...bearer(ann))
          .expect(200)
      ).body;
      expect(page2).toMatchObject({ total: 3, totalPages: 2, page: 2 });
      expect(names(page2)).toEqual([`3:${bob.user.username}`]);
      expect(page2.mine.username).toBe(ann.user.username);

      // After the end it stays frozen until an admin unfreezes it.
      await http()
        .post(`/api/contests/${c.contestId}/unfreeze`)
        .set(...bearer(admin))
        .expect(403);
      await t.app.get(DataSource).query(`UPDATE contests SET ends_at = now() - interval '1 minute' WHERE contest_id = $1`, [c.contestId]);
      expect((await board()).frozen).toBe(true);
      await http()
        .post(`/api/contests/${c.contestId}/unfreeze`)
        .set(...bearer(ann))
        .expect(403);
      await http()
        .post(`/api/contests/${c.contestId}/unfreeze`)
        .set(...bearer(admin))
        .expect(200);
      const revealed = await board();
      expect(revealed.frozen).toBe(false);
      expect(revealed.items).toEqual(admins.items);
    });

    it("numbers shared ranks as in sport on every page, the caller's row too", async () => {
      const c = await createContest(t, admin, contestBody([problems[0]], -30, 30));
      // Totals set on the kept rows: the read ranks them. cat first; ann and bob tied; admin behind on the last AC.
      const totals: [TestSession, number, number, number][] = [
        [ann, 2, 50, 30],
        [bob, 2, 50, 30],
        [cat, 3, 100, 60],
        [admin, 2, 50, 40],
      ];
      for (const [session, solved, penalty, lastAc] of totals) {
        await register(t, session, c.contestId);
        await t.app
          .get(DataSource)
          .query(
            `UPDATE contest_participations SET solved = $3, penalty = $4, last_ac_minute = $5 WHERE contest_id = $1 AND user_id = $2`,
            [c.contestId, session.user.id, solved, penalty, lastAc],
          );
      }
      const page = async (n: number, limit: number, session?: TestSession) => {
        const req = http().get(`/api/contests/${c.contestId}/scoreboard?page=${n}&limit=${limit}`);
        return (await (session ? req.set(...bearer(session)) : req).expect(200)).body;
      };
      const ranks = (b: { items: { rank: number }[] }) => b.items.map((r) => r.rank);
      expect(ranks(await page(1, 4))).toEqual([1, 2, 2, 4]);
      expect([ranks(await page(1, 2)), ranks(await page(2, 2))]).toEqual([
        [1, 2],
        [2, 4],
      ]);
      expect(await Promise.all([1, 2, 3, 4].map(async (n) => ranks(await page(n, 1))[0]))).toEqual([1, 2, 2, 4]);
      expect((await page(1, 1, bob)).mine).toMatchObject({ rank: 2, username: bob.user.username });
      expect((await page(1, 1, admin)).mine).toMatchObject({ rank: 4, username: admin.user.username });
      expect(await page(3, 2)).toMatchObject({ items: [], total: 4 });
      // The last page the query allows: its offset (page × limit) is past what an SQL integer holds.
      expect(await page(2_147_483_647, 100)).toMatchObject({ items: [], total: 4, page: 2_147_483_647 });
    });

    // OI is ranked as IOI is, once its board shows (after the end).
    it.each(['ioi', 'atcoder'])('ranks a %s board by score on every page, ties shared', async (format) => {
      const c = await createContest(t, admin, contestBody([], -30, 30, { format, problems: [{ problemId: problems[0], points: 300 }] }));
      // cat first; ann and bob tied on score (and, for AtCoder, on time); admin last (AtCoder: the later time).
      const totals: [TestSession, number, number][] = [
        [ann, 200, 50],
        [bob, 200, 50],
        [cat, 300, 90],
        [admin, format === 'atcoder' ? 200 : 100, format === 'atcoder' ? 60 : 0],
      ];
      for (const [session, score, penalty] of totals) {
        await register(t, session, c.contestId);
        await t.app
          .get(DataSource)
          .query(`UPDATE contest_participations SET score = $3, penalty = $4 WHERE contest_id = $1 AND user_id = $2`, [
            c.contestId,
            session.user.id,
            score,
            format === 'atcoder' ? penalty : 0,
          ]);
      }
      const page = async (n: number, limit: number) =>
        (await http().get(`/api/contests/${c.contestId}/scoreboard?page=${n}&limit=${limit}`).expect(200)).body;
      const { items } = await page(1, 4);
      expect(items.map((r: { rank: number }) => r.rank)).toEqual([1, 2, 2, 4]);
      expect([items[0].username, items[3].username]).toEqual([cat.user.username, admin.user.username]);
      expect([items[1].username, items[2].username].sort()).toEqual([ann.user.username, bob.user.username].sort());
      expect(await Promise.all([1, 2, 3, 4].map(async (n) => (await page(n, 1)).items[0].rank))).toEqual([1, 2, 2, 4]);
    });

    /** Ranks and names folded from every submission with the pure rules, not from the kept cells. */
    async function boardFromScratch(contestId: number, startsAt: string): Promise<[string, number][]> {
      const subs: { username: string; problem_id: number; counted_status: string; created_at: Date }[] = await t.app.get(DataSource).query(
        `SELECT u.username, s.problem_id, s.counted_status, s.created_at FROM submissions s JOIN users u ON u.id = s.user_id
           WHERE s.contest_id = $1 AND s.participation_id IS NOT NULL ORDER BY s.created_at, s.id`,
        [contestId],
      );
      const users = [...new Set(subs.map((s) => s.username))].sort();
      const rows = users.map((username) => {
        const cells: ContestCell[] = problems.slice(0, 2).map((problemId) =>
          foldCell(
            'icpc',
            subs
              .filter((s) => s.username === username && s.problem_id === problemId)
              .map((s) => ({
                status: s.counted_status as never,
                minute: Math.floor((s.created_at.getTime() - new Date(startsAt).getTime()) / 60_000),
                elapsedSeconds: Math.floor((s.created_at.getTime() - new Date(startsAt).getTime()) / 1000),
                earnedPoints: 0,
                totalPoints: 3,
              })),
            { contestPoints: 1 },
          ),
        );
        return { username, totals: rowFromCells('icpc', cells, 20) };
      });
      expect(compareRows('icpc', rows[0].totals, rows[0].totals)).toBe(0);
      return rankRows('icpc', rows).map((r) => [r.username, r.rank]);
    }

    it("lists the caller's contest submissions; admins anyone's", async () => {
      const c = await createContest(t, admin, contestBody([problems[0]], -30, 30));
      await register(t, ann, c.contestId);
      await register(t, bob, c.contestId);
      const now = new Date();
      await submitGraded(t, ann, c.contestId, problems[0], now, 'wrong_answer');
      await submitGraded(t, bob, c.contestId, problems[0], now, 'accepted');
      const mine = await http()
        .get(`/api/contests/${c.contestId}/submissions`)
        .set(...bearer(ann))
        .expect(200);
      expect(mine.body.items.map((s: { userName: string }) => s.userName)).toEqual([ann.user.username]);
      await http()
        .get(`/api/contests/${c.contestId}/submissions?username=${bob.user.username}`)
        .set(...bearer(ann))
        .expect(403);
      const bobs = await http()
        .get(`/api/contests/${c.contestId}/submissions?username=${bob.user.username}`)
        .set(...bearer(admin))
        .expect(200);
      expect(bobs.body).toMatchObject({ total: 1, items: [{ userName: bob.user.username, status: 'accepted' }] });
    });

    it('keeps the board exact when a problem is deleted', async () => {
      const [x, y] = [
        (await createProblem(t, admin, problemBody({ title: 'X' }))).problemId,
        (await createProblem(t, admin, problemBody({ title: 'Y' }))).problemId,
      ];
      const c = await createContest(t, admin, contestBody([x, y], -30, 30));
      await register(t, cat, c.contestId);
      const now = new Date();
      await submitGraded(t, cat, c.contestId, x, now, 'accepted');
      await submitGraded(t, cat, c.contestId, y, now, 'accepted');
      const before = (await http().get(`/api/contests/${c.contestId}/scoreboard`).expect(200)).body;
      expect(before.items[0].solved).toBe(2);
      await http()
        .delete(`/api/problems/${y}`)
        .set(...bearer(admin))
        .expect(204);
      const after = (await http().get(`/api/contests/${c.contestId}/scoreboard`).expect(200)).body;
      expect(after.labels).toEqual(['A']);
      expect(after.items[0]).toMatchObject({ solved: 1, score: 1 });
      expect(Object.keys(after.items[0].cells)).toEqual(['A']);
    });
  });
});

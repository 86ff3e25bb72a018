import { INestApplicationContext } from '@nestjs/common';
import {
  bearer,
  contestBody,
  createAdmin,
  createContest,
  createProblem,
  createTestApp,
  problemBody,
  register,
  registerUser,
  TestApp,
  TestSession,
} from '@oj/api-testing';
import { type ContestCell, foldCell, rankRows, rowFromCells, type SubmissionStatus } from '@oj/contracts';
import { DataSource } from 'typeorm';

import { startWorker } from '../worker-harness';

const AC = 'a, b = map(int, input().split())\nprint(a + b)\n';
const WA = 'print(0)\n';

/** A small ICPC contest graded by the real worker: three users, a freeze, an unfreeze. */
describe('an ICPC contest through the worker', () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  let admin: TestSession;
  let users: TestSession[];
  let problems: number[];

  beforeAll(async () => {
    t = await createTestApp();
    worker = await startWorker(t);
    admin = await createAdmin(t);
    users = await Promise.all([registerUser(t), registerUser(t), registerUser(t)]);
    problems = [];
    for (const title of ['A', 'B']) problems.push((await createProblem(t, admin, problemBody({ title, isPublic: false }))).problemId);
  }, 60_000);
  afterAll(async () => {
    await worker.close();
    await t.close();
  });

  async function graded(user: TestSession, contestId: number, problemId: number, sourceCode: string): Promise<string> {
    const { submissionId } = (
      await t
        .http()
        .post('/api/submissions')
        .set(...bearer(user))
        .send({ problemId, contestId, languageId: 71, sourceCode })
        .expect(201)
    ).body;
    for (let i = 0; i < 300; i++) {
      const row = (
        await t
          .http()
          .get(`/api/submissions/${submissionId}`)
          .set(...bearer(user))
          .expect(200)
      ).body.submission;
      if (!['queued', 'running'].includes(row.status)) return submissionId;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('not graded in time');
  }

  const board = async (session?: TestSession) => {
    const req = t.http().get(`/api/contests/${contestId}/scoreboard`);
    return (await (session ? req.set(...bearer(session)) : req).expect(200)).body;
  };
  let contestId: number;

  /** The live board folded from every submission with the contracts' rules: [username, rank, solved, penalty]. */
  async function fromScratch(startsAt: string) {
    const subs: { username: string; problem_id: number; status: SubmissionStatus; created_at: Date }[] = await t.app.get(DataSource).query(
      `SELECT u.username, s.problem_id, s.counted_status AS status, s.created_at FROM submissions s JOIN users u ON u.id = s.user_id
         WHERE s.participation_id IS NOT NULL AND s.contest_id = $1 ORDER BY s.created_at, s.id`,
      [contestId],
    );
    const rows = users.map((u) => {
      const cells: ContestCell[] = problems.map((p) =>
        foldCell(
          'icpc',
          subs
            .filter((s) => s.username === u.user.username && s.problem_id === p)
            .map((s) => ({
              status: s.status,
              earnedPoints: 0,
              totalPoints: 3,
              minute: Math.floor((s.created_at.getTime() - Date.parse(startsAt)) / 60_000),
              elapsedSeconds: Math.floor((s.created_at.getTime() - Date.parse(startsAt)) / 1000),
            })),
          { contestPoints: 1 },
        ),
      );
      return { username: u.user.username, totals: rowFromCells('icpc', cells, 20) };
    });
    return rankRows('icpc', rows)
      .map((r) => [r.username, r.rank, r.totals.solved, r.totals.penalty])
      .sort();
  }

  it('ranks graded results, hides frozen ones from others, and reveals them on unfreeze', async () => {
    const body = contestBody(problems, -40, 10, { freezeMinutes: 20 });
    ({ contestId } = await createContest(t, admin, body));
    for (const u of users) await register(t, u, contestId);
    const [ann, bob, cat] = users;
    const [A, B] = problems;

    // Before the freeze (dated 15 minutes back, then the board re-folded by an admin's edit of the contest).
    const early = [
      await graded(ann, contestId, A, WA),
      await graded(ann, contestId, A, AC),
      await graded(bob, contestId, A, AC),
      await graded(cat, contestId, B, AC),
    ];
    const ds = t.app.get(DataSource);
    await ds.query(`UPDATE submissions SET created_at = created_at - interval '15 minutes' WHERE id = ANY($1)`, [early]);
    await t
      .http()
      .put(`/api/contests/${contestId}`)
      .set(...bearer(admin))
      .send(body)
      .expect(200);
    // During the freeze.
    await graded(bob, contestId, B, WA);
    await graded(bob, contestId, B, AC);

    const live = await board(admin);
    const asRows = (b: { items: { username: string; rank: number; solved: number; penalty: number }[] }) =>
      b.items.map((r) => [r.username, r.rank, r.solved, r.penalty]).sort();
    expect(asRows(live)).toEqual(await fromScratch(body.startsAt));
    expect(live.items[0]).toMatchObject({ username: bob.user.username, solved: 2 });

    const guest = await board();
    expect(guest.frozen).toBe(true);
    const bobSeen = guest.items.find((r: { username: string }) => r.username === bob.user.username);
    expect(bobSeen).toMatchObject({ solved: 1 });
    expect(bobSeen.cells.B).toMatchObject({ solved: false, pending: 2 });
    expect((await board(bob)).mine).toMatchObject({ solved: 2 });

    // The end: still frozen, until the admin unfreezes; then everyone sees the live board.
    await ds.query(`UPDATE contests SET ends_at = now() - interval '1 second' WHERE contest_id = $1`, [contestId]);
    expect((await board()).frozen).toBe(true);
    await t
      .http()
      .post(`/api/contests/${contestId}/unfreeze`)
      .set(...bearer(admin))
      .expect(200);
    const revealed = await board();
    expect(revealed.frozen).toBe(false);
    expect(asRows(revealed)).toEqual(asRows(live));
  }, 120_000);
});

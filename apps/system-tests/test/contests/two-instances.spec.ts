import { INestApplicationContext } from '@nestjs/common';
import {
  bearer,
  boardCast,
  contestBody,
  contestStreams,
  createContest,
  createTestApp,
  problemBody,
  register,
  SseClient,
  TestApp,
  TestSession,
} from '@oj/api-testing';
import { DataSource } from 'typeorm';

import { startWorker } from '../worker-harness';

// Right on the first test, wrong once it changes: what a rejudge after a test fix catches.
const FIVE = 'print(5)';
const FIRST_TESTS = [{ input: '2 3\n', output: '5\n', points: 1 }];
const FIXED_TESTS = [{ input: '1 1\n', output: '2\n', points: 1 }];

type Cell = { attempts: number; solved: boolean; pending: number };
type Row = { username: string; solved: number; cells: Record<string, Cell> };

/**
 * Two API instances on one database and Redis prefix, each with its own board cache, and a real worker: every
 * viewer's board agrees, whichever instance serves it, after a verdict, a rejudge, the unfreeze and an edit.
 */
describe('two API instances with the real worker', () => {
  let one: TestApp;
  let two: TestApp;
  let worker: INestApplicationContext;
  let admin: TestSession;
  let ann: TestSession;
  let bob: TestSession;
  let streamsOne: ReturnType<typeof contestStreams>;
  let streamsTwo: ReturnType<typeof contestStreams>;

  beforeAll(async () => {
    one = await createTestApp();
    two = await createTestApp({ DATABASE_URL: one.config.DATABASE_URL, REDIS_PREFIX: one.config.REDIS_PREFIX });
    await Promise.all([one.app.listen(0, '127.0.0.1'), two.app.listen(0, '127.0.0.1')]);
    worker = await startWorker(one);
    ({ admin, ann, bob } = await boardCast(one));
    [streamsOne, streamsTwo] = [contestStreams(one), contestStreams(two)];
  }, 60_000);
  afterAll(async () => {
    streamsOne.closeAll();
    streamsTwo.closeAll();
    await worker.close();
    await two.close();
    await one.close();
  });

  const board = async (t: TestApp, contestId: number, session?: TestSession) => {
    const req = t.http().get(`/api/contests/${contestId}/scoreboard`);
    return (await (session ? req.set(...bearer(session)) : req).expect(200)).body as { frozen: boolean; labels: string[]; items: Row[] };
  };
  /** Every kind of viewer reads the same board from either instance; returns the guest's and the admin's. */
  const agree = async (contestId: number) => {
    for (const session of [undefined, ann, bob, admin])
      expect(await board(two, contestId, session)).toEqual(await board(one, contestId, session));
    return { guest: await board(two, contestId), admin: await board(one, contestId, admin) };
  };
  const bobsRow = (b: { items: Row[] }) => b.items.find((r) => r.username === bob.user.username)!;
  /** The next event on `s` from its `seen`-th on that matches. */
  const next = (s: SseClient, seen: number, match: (e: Record<string, unknown>) => boolean) =>
    s.waitFor((e) => s.events.indexOf(e) >= seen && match(e), 60_000);
  const isBobsRow = (e: Record<string, unknown>) => e.eventType === 'row' && (e.row as Row).username === bob.user.username;

  it('agrees on the board after a verdict, a rejudge, the unfreeze and an edit, and both instances stream them', async () => {
    const body = problemBody({ testCases: FIRST_TESTS, judge0LanguageIds: [71] });
    const { problemId } = (
      await one
        .http()
        .post('/api/problems')
        .set(...bearer(admin))
        .send(body)
        .expect(201)
    ).body;
    // Frozen for the last 30 of its 60 minutes: the freeze began 10 minutes ago.
    const { contestId } = await createContest(one, admin, contestBody([problemId], -40, 20, { freezeMinutes: 30 }));
    await register(one, ann, contestId);
    await register(two, bob, contestId);
    const adminOnOne = await streamsOne.open(admin, contestId);
    const annOnTwo = await streamsTwo.open(ann, contestId);
    const bobOnTwo = await streamsTwo.open(bob, contestId);
    await agree(contestId);

    // A verdict, graded by the worker: the admin on one and bob on two see it solved; ann on two is told nothing at
    // its judging (the moment would tell how far it got) and reads a pending try on the board.
    let [seenOne, seenTwo, seenBob] = [adminOnOne.events.length, annOnTwo.events.length, bobOnTwo.events.length];
    await one
      .http()
      .post('/api/submissions')
      .set(...bearer(bob))
      .send({ problemId, contestId, languageId: 71, sourceCode: FIVE })
      .expect(201);
    expect(((await next(adminOnOne, seenOne, isBobsRow)).row as Row).cells.A).toMatchObject({ solved: true, pending: 0 });
    expect(((await next(bobOnTwo, seenBob, isBobsRow)).row as Row).cells.A).toMatchObject({ solved: true, pending: 0 });
    let seen = await agree(contestId);
    // At most the row of its creation, which everyone sees: a pending try.
    for (const e of annOnTwo.events.slice(seenTwo).filter(isBobsRow))
      expect((e.row as Row).cells.A).toMatchObject({ solved: false, pending: 1 });
    expect(seen.guest.frozen).toBe(true);
    expect(bobsRow(seen.guest).cells.A).toMatchObject({ solved: false, pending: 1 });
    expect(bobsRow(seen.admin)).toMatchObject({ solved: 1 });

    // The test is fixed and the problem rejudged through the other instance: the accepted turns wrong.
    [seenOne, seenTwo, seenBob] = [adminOnOne.events.length, annOnTwo.events.length, bobOnTwo.events.length];
    await two
      .http()
      .put(`/api/problems/${problemId}`)
      .set(...bearer(admin))
      .send(problemBody({ testCases: FIXED_TESTS, judge0LanguageIds: [71] }))
      .expect(200);
    await two
      .http()
      .post(`/api/problems/${problemId}/rejudge`)
      .set(...bearer(admin))
      .expect(202);
    expect(((await next(adminOnOne, seenOne, isBobsRow)).row as Row).cells.A).toMatchObject({ solved: false, attempts: 1 });
    await next(bobOnTwo, seenBob, isBobsRow);
    seen = await agree(contestId);
    expect(annOnTwo.events.slice(seenTwo).filter(isBobsRow)).toEqual([]);
    expect(bobsRow(seen.admin)).toMatchObject({ solved: 0 });
    expect(bobsRow(seen.admin).cells.A).toMatchObject({ solved: false, attempts: 1 });
    expect(bobsRow(seen.guest).cells.A).toMatchObject({ solved: false, pending: 1 });

    // After the end, the unfreeze on one: both instances' viewers are told, and every read shows the live board.
    [seenOne, seenTwo] = [adminOnOne.events.length, annOnTwo.events.length];
    await one.app.get(DataSource).query(`UPDATE contests SET ends_at = now() - interval '1 minute' WHERE contest_id = $1`, [contestId]);
    await one
      .http()
      .post(`/api/contests/${contestId}/unfreeze`)
      .set(...bearer(admin))
      .expect(200);
    const unfrozen = (e: Record<string, unknown>) => e.eventType === 'board' && e.change === 'unfrozen';
    await Promise.all([next(adminOnOne, seenOne, unfrozen), next(annOnTwo, seenTwo, unfrozen)]);
    seen = await agree(contestId);
    expect(seen.guest.frozen).toBe(false);
    expect(bobsRow(seen.guest).cells.A).toMatchObject({ solved: false, attempts: 1, pending: 0 });
    expect(seen.guest.items).toEqual(seen.admin.items);

    // An edit on two adds a problem: one's cached board (its labels, its cells) goes too.
    [seenOne, seenTwo] = [adminOnOne.events.length, annOnTwo.events.length];
    const added = (
      await two
        .http()
        .post('/api/problems')
        .set(...bearer(admin))
        .send(problemBody({ title: 'B' }))
        .expect(201)
    ).body.problemId;
    await two
      .http()
      .put(`/api/contests/${contestId}`)
      .set(...bearer(admin))
      .send(contestBody([problemId, added], -40, -1, { freezeMinutes: 30 }))
      .expect(200);
    const edited = (e: Record<string, unknown>) => e.eventType === 'board' && e.change === 'edited';
    await Promise.all([next(adminOnOne, seenOne, edited), next(annOnTwo, seenTwo, edited)]);
    seen = await agree(contestId);
    expect(seen.guest.labels).toEqual(['A', 'B']);
  }, 120_000);
});

import {
  bearer,
  boardCast,
  contestBody,
  contestStreams,
  createContest,
  createTestApp,
  minutesFrom,
  openStream,
  publishFinished,
  register,
  registerUser,
  SseClient,
  submitGraded,
  TestApp,
  TestSession,
} from '@oj/api-testing';
import { loadSubmissionRow } from '@oj/db';
import { LiveEventPublisher } from '@oj/messaging';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';

import { ScoreboardStreamService } from '../../src/contests/scoreboard/scoreboard-stream.service';
import { countStatements } from '../sql-statements';

jest.setTimeout(30_000);

type RowEvent = {
  eventType: string;
  row: { username: string; virtual: boolean; rank: number; solved: number; cells: Record<string, unknown> };
};

describe('the contest scoreboard stream', () => {
  let t: TestApp;
  let redis: Redis;
  let admin: TestSession;
  let ann: TestSession;
  let bob: TestSession;
  let problems: number[];
  let streams: ReturnType<typeof contestStreams>;

  beforeAll(async () => {
    t = await createTestApp({ LIVE_HEARTBEAT_MS: '200', LIVE_STREAMS_PER_USER: '4' });
    await t.app.listen(0, '127.0.0.1');
    redis = new Redis(t.config.REDIS_URL);
    ({ admin, ann, bob, problems } = await boardCast(t));
    streams = contestStreams(t);
  });
  afterAll(async () => {
    streams.closeAll();
    redis.disconnect();
    await t.close();
  });

  const stream = (session: TestSession, contestId: number) => streams.open(session, contestId);
  const rowOf = (s: SseClient, username: string, solved: number) =>
    s.waitFor(
      (e) =>
        e.eventType === 'row' && (e as unknown as RowEvent).row.username === username && (e as unknown as RowEvent).row.solved === solved,
    );

  it('sends a changed row live to the admin and its owner, and a frozen result’s to no one else', async () => {
    // 60 minutes, frozen for the last 20: it started 50 minutes ago, so the freeze began 10 minutes ago.
    const { contestId } = await createContest(t, admin, contestBody(problems, -50, 10, { freezeMinutes: 20 }));
    const startsAt = (await t.http().get(`/api/contests/${contestId}`).expect(200)).body.startsAt;
    await register(t, ann, contestId);
    await register(t, bob, contestId);
    await submitGraded(t, ann, contestId, problems[0], minutesFrom(startsAt, 10), 'accepted');
    const [annStream, bobStream, adminStream] = [
      await stream(ann, contestId),
      await stream(bob, contestId),
      await stream(admin, contestId),
    ];
    // A guest (a projector without a login) gets the public view over the same stream.
    const guestStream = await openStream(t, `/api/contests/${contestId}/scoreboard/stream`, '');

    const frozen = await submitGraded(t, bob, contestId, problems[1], minutesFrom(startsAt, 45), 'accepted');
    await publishFinished(t, frozen);

    const toAdmin = (await rowOf(adminStream, bob.user.username, 1)) as unknown as RowEvent;
    expect(toAdmin).toMatchObject({ contestId, eventId: expect.any(String), emittedAt: expect.any(String) });
    expect(toAdmin.row).toMatchObject({ rank: 2, penalty: 45 }); // ann: A at minute 10
    expect(toAdmin.row.cells.B).toEqual({ attempts: 0, solved: true, score: 1, minute: 45, elapsedSeconds: 2700, pending: 0 });
    const toBob = (await rowOf(bobStream, bob.user.username, 1)) as unknown as RowEvent;
    expect(toBob.row.cells.B).toEqual({ attempts: 0, solved: true, score: 1, minute: 45, elapsedSeconds: 2700, pending: 0 });
    // The others are told nothing when a result the freeze hides is judged: the moment would tell how far an ICPC
    // submission got (issue 32). Ann's own result, sent after it, reaches her; Bob's frozen one never did: at most
    // the row of its creation, pending, which everyone sees.
    const shown = await submitGraded(t, ann, contestId, problems[1], minutesFrom(startsAt, 20), 'wrong_answer');
    await publishFinished(t, shown);
    await annStream.waitFor(
      (e) => e.eventType === 'row' && JSON.stringify((e as unknown as RowEvent).row.cells.B).includes('"attempts":1'),
    );
    const bobsRows = annStream.events.filter((e) => e.eventType === 'row' && (e as unknown as RowEvent).row.username === bob.user.username);
    expect(bobsRows).toHaveLength(1);
    const toAnn = bobsRows[0] as unknown as RowEvent;
    // The others learn that bob tried, not what came of it; he stays ranked as the public board has him.
    expect(toAnn.row).toMatchObject({ rank: 2, solved: 0, score: 0, penalty: 0 });
    expect(toAnn.row.cells.B).toEqual({ attempts: 0, solved: false, score: 0, minute: null, elapsedSeconds: null, pending: 1 });
    expect(JSON.stringify(annStream.events)).not.toMatch(/"solved":true,"score":1,"minute":45/);
    const toGuest = (await rowOf(guestStream, bob.user.username, 0)) as unknown as RowEvent;
    expect(toGuest.row).toEqual(toAnn.row);
    expect(JSON.stringify(guestStream.events)).not.toMatch(/"solved":true,"score":1,"minute":45/);
    guestStream.close();
  });

  it('sends a virtual run’s row to its owner on their run’s board, to the others marked virtual, and nothing for practice', async () => {
    const { contestId } = await createContest(t, admin, contestBody(problems, -50, 10));
    await register(t, ann, contestId);
    await t.app.get(DataSource).query(`UPDATE contests SET ends_at = now() - interval '1 minute' WHERE contest_id = $1`, [contestId]);
    const annStream = await stream(ann, contestId);
    const bobStream = await stream(bob, contestId);
    await t
      .http()
      .post(`/api/contests/${contestId}/virtual`)
      .set(...bearer(bob))
      .expect(200);
    const [run] = await t.app
      .get(DataSource)
      .query(`SELECT started_at FROM contest_participations WHERE contest_id = $1 AND kind = 'virtual'`, [contestId]);
    const id = await submitGraded(t, bob, contestId, problems[0], new Date(run.started_at.getTime() + 1000), 'accepted');
    await publishFinished(t, id);
    const toBob = (await rowOf(bobStream, bob.user.username, 1)) as unknown as RowEvent;
    expect(toBob.row).toMatchObject({ rank: 1, solved: 1 });
    const practice = (
      await t
        .http()
        .post('/api/submissions')
        .set(...bearer(ann))
        .send({ problemId: problems[0], languageId: 71, sourceCode: 'print(1)' })
        .expect(201)
    ).body.submissionId;
    await publishFinished(t, practice);
    await publishFinished(t, id);
    await bobStream.waitFor(() => bobStream.events.filter((e) => e.eventType === 'row').length === 2);
    await annStream.waitFor(() => annStream.events.filter((e) => e.eventType === 'row').length === 2);
    // The others get it ranked on the board with virtual participants, above ann's official row with nothing solved.
    const toAnn = annStream.events.filter((e) => e.eventType === 'row').map((e) => (e as unknown as RowEvent).row);
    expect(toAnn.map(({ username, virtual, rank, solved }) => ({ username, virtual, rank, solved }))).toEqual([
      { username: bob.user.username, virtual: true, rank: 1, solved: 1 },
      { username: bob.user.username, virtual: true, rank: 1, solved: 1 },
    ]);
    expect(toBob.row.virtual).toBe(true);
  });

  it('reads a changed row the same few times for 2 viewers or 8: the frames are built once per event', async () => {
    // No freeze: every viewer is told of every result.
    const { contestId } = await createContest(t, admin, contestBody(problems, -50, 10));
    const startsAt = (await t.http().get(`/api/contests/${contestId}`).expect(200)).body.startsAt;
    const viewers = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map(() => registerUser(t)));
    for (const v of viewers) await register(t, v, contestId);
    const statementsFor = async (open: SseClient[], minute: number) => {
      const id = await submitGraded(t, viewers[0], contestId, problems[0], minutesFrom(startsAt, minute), 'wrong_answer');
      const row = await loadSubmissionRow(t.app.get(DataSource).manager, id);
      const seen = open.map((s) => s.events.length);
      return countStatements(async () => {
        await new LiveEventPublisher(redis, t.config.REDIS_PREFIX).publish(row!, 'finished');
        await Promise.all(open.map((s, i) => s.waitFor(() => s.events.length > seen[i])));
      });
    };
    const few = await Promise.all(viewers.slice(0, 2).map((v) => stream(v, contestId)));
    // The instance's first result of the board reads its rankings whole (RankingCache), once, whoever watches.
    await statementsFor(few, 44);
    const withFew = await statementsFor(few, 45);
    const more = await Promise.all(viewers.slice(2).map((v) => stream(v, contestId)));
    expect(await statementsFor([...few, ...more], 46)).toBe(withFew);
    expect(withFew).toBeLessThanOrEqual(4);
  });

  it('needs an existing contest, sends heartbeats, and forgets closed streams', async () => {
    await t.http().get('/api/contests/999999/scoreboard/stream').expect(404);
    await t
      .http()
      .get('/api/contests/999999/scoreboard/stream')
      .set(...bearer(ann))
      .expect(404);
    const { contestId } = await createContest(t, admin, contestBody(problems, -5, 60));
    const s = await stream(ann, contestId);
    for (let i = 0; i < 100 && s.heartbeats === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(s.heartbeats).toBeGreaterThan(0);
    const service = t.app.get(ScoreboardStreamService);
    const before = service.clientCount;
    s.close();
    for (let i = 0; i < 100 && service.clientCount === before; i++) await new Promise((r) => setTimeout(r, 20));
    expect(service.clientCount).toBe(before - 1);
  });
});

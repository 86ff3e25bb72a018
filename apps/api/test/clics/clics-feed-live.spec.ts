import {
  bearer,
  createAdmin,
  createProblem,
  createTestApp,
  problemBody,
  publishFinished,
  register,
  registerUser,
  TestApp,
  TestSession,
} from '@oj/api-testing';
import type { GradeResult } from '@oj/contracts';
import { writeFinalResult } from '@oj/db';
import { request } from 'http';
import { AddressInfo, connect } from 'net';
import { DataSource } from 'typeorm';

import { ClicsEventFeedService } from '../../src/clics/clics-event-feed.service';

jest.setTimeout(60_000);

interface Line {
  type: string;
  id: string | null;
  data: Record<string, unknown> | null;
}

interface OpenFeed {
  lines: Line[];
  close: () => void;
  /** The server ended the answer. */
  ended: boolean;
}

/** A one-test result as a worker writes it. */
const graded = (status: 'wrong_answer' | 'accepted'): GradeResult => ({
  status,
  score: status === 'accepted' ? 100 : 0,
  earnedPoints: status === 'accepted' ? 1 : 0,
  totalPoints: 1,
  runtimeMs: 5,
  memoryKB: 100,
  testCaseResults: [{ index: 0, status, timeMs: 5, memoryKB: 100, points: status === 'accepted' ? 1 : 0 }],
});

/**
 * Issue 24, the event feed as a live stream: it holds a slot of the live stream caps while open (the one past
 * LIVE_STREAMS_PER_USER is refused with 429, and a closed feed gives its slot back), and a verdict reaches an open
 * feed through Redis, not through its fallback read, which this app sets ten minutes apart.
 */
describe('CLICS event feed, live', () => {
  let t: TestApp;
  let admin: TestSession;
  let ann: TestSession;
  let problemId: number;
  let contestId: number;
  let token: string;
  let port: number;
  const open: OpenFeed[] = [];

  const newToken = async () =>
    (
      await t
        .http()
        .post(`/api/contests/${contestId}/clics-tokens`)
        .set(...bearer(admin))
        .send({ name: 'tool', scope: 'admin' })
        .expect(201)
    ).body.token as string;

  /** Opens the feed; resolves with its lines as they come, or rejects with the status of a refusal. */
  const openFeed = (feedToken: string, ip: string) =>
    new Promise<OpenFeed>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path: `/api/clics/contests/${contestId}/event-feed`,
          headers: { Authorization: `Bearer ${feedToken}`, 'X-Forwarded-For': ip },
        },
        (res) => {
          let buffer = '';
          res.setEncoding('utf8');
          if (res.statusCode !== 200) {
            res.on('data', (chunk: string) => (buffer += chunk));
            res.on('end', () =>
              reject(Object.assign(new Error(`feed answered ${res.statusCode}`), { status: res.statusCode, body: buffer })),
            );
            return;
          }
          const feed: OpenFeed = { lines: [], close: () => req.destroy(), ended: false };
          open.push(feed);
          res.on('end', () => (feed.ended = true));
          res.on('data', (chunk: string) => {
            buffer += chunk;
            const parts = buffer.split('\n');
            buffer = parts.pop() ?? '';
            for (const line of parts) if (line.trim()) feed.lines.push(JSON.parse(line));
          });
          resolve(feed);
        },
      );
      req.on('error', reject);
      req.end();
    });

  /** Ann's submission to the contest, queued (this app has no worker). */
  const submit = async (): Promise<string> =>
    (
      await t
        .http()
        .post('/api/submissions')
        .set(...bearer(ann))
        .send({ problemId, contestId, languageId: 71, sourceCode: 'print(1)' })
        .expect(201)
    ).body.submissionId;

  const until = async (what: string, predicate: () => boolean, timeoutMs = 20_000) => {
    for (const deadline = Date.now() + timeoutMs; !predicate(); await new Promise((r) => setTimeout(r, 20)))
      if (Date.now() > deadline) throw new Error(`${what}: not seen in ${timeoutMs} ms`);
  };

  beforeAll(async () => {
    t = await createTestApp({ LIVE_STREAMS_PER_USER: '2', CLICS_FEED_POLL_MS: '600000' });
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as AddressInfo).port;
    admin = await createAdmin(t);
    ann = await registerUser(t);
    problemId = (await createProblem(t, admin, problemBody({ title: 'Live' }))).problemId;
    const contest = await t
      .http()
      .post('/api/contests')
      .set(...bearer(admin))
      .send({
        title: 'Live feed',
        format: 'icpc',
        startsAt: new Date(Date.now() - 60_000).toISOString(),
        endsAt: new Date(Date.now() + 3_600_000).toISOString(),
        problems: [{ problemId }],
      })
      .expect(201);
    contestId = contest.body.contestId;
    await register(t, ann, contestId);
    token = await newToken();
  });
  afterEach(() => open.splice(0).forEach((feed) => feed.close()));
  afterAll(() => t.close());

  it('refuses the feed past LIVE_STREAMS_PER_USER with 429, counts each token apart, and frees the slot on disconnect', async () => {
    const feeds = t.app.get(ClicsEventFeedService);
    const first = await openFeed(token, '10.24.0.1');
    await openFeed(token, '10.24.0.2');
    const refused = await openFeed(token, '10.24.0.3').catch((error) => error);
    expect(refused).toMatchObject({ status: 429 });
    expect(JSON.parse(refused.body)).toEqual({
      message: 'Too many live streams open for this account (at most 2). Close another tab and try again.',
      code: 'RATE_LIMITED',
    });
    await openFeed(await newToken(), '10.24.0.3');
    expect(feeds.openFeeds).toBe(3);
    first.close();
    await until('the closed feed’s slot freed', () => feeds.openFeeds === 2);
    await openFeed(token, '10.24.0.3');
  });

  it('sends a new submission and its verdict to an open feed as they happen', async () => {
    const feed = await openFeed(token, '10.24.1.1');
    await until('the contest', () => feed.lines.some((l) => l.type === 'state'));
    const id = await submit();
    await until('the new submission', () => feed.lines.some((l) => l.type === 'submissions' && l.id === id));
    await writeFinalResult(t.app.get(DataSource), id, problemId, graded('wrong_answer'));
    await publishFinished(t, id);
    await until('the verdict', () => feed.lines.some((l) => l.type === 'judgements' && l.id === id && l.data?.judgement_type_id === 'WA'));
  });

  it('sends a rejudge as a new judgement, with a new id and its own runs, and its verdict when it comes', async () => {
    const ds = t.app.get(DataSource);
    const id = await submit();
    await writeFinalResult(ds, id, problemId, graded('wrong_answer'));
    const feed = await openFeed(token, '10.24.2.1');
    await until('the first judgement', () =>
      feed.lines.some((l) => l.type === 'judgements' && l.id === id && l.data?.judgement_type_id === 'WA'),
    );
    await t
      .http()
      .post(`/api/submissions/${id}/rejudge`)
      .set(...bearer(admin))
      .expect(202);
    await writeFinalResult(ds, id, problemId, graded('accepted'), 1);
    await publishFinished(t, id);
    const rejudged = () =>
      feed.lines.find((l) => l.type === 'judgements' && l.data?.submission_id === id && l.data?.judgement_type_id === 'AC');
    await until('the rejudge’s judgement', () => !!rejudged());
    const judgement = rejudged() as Line;
    expect(judgement.id).not.toBe(id);
    expect(judgement.id).toMatch(/^[A-Za-z0-9_][A-Za-z0-9_.-]{0,35}$/);
    await until('its run', () => feed.lines.some((l) => l.type === 'runs' && l.data?.judgement_id === judgement.id));
    // A fresh reader gets the submission's current judgement only.
    const now = await t.http().get(`/api/clics/contests/${contestId}/judgements`).set('Authorization', `Bearer ${token}`).expect(200);
    expect(now.body.filter((j: { submission_id: string }) => j.submission_id === id)).toEqual([
      expect.objectContaining({ id: judgement.id, judgement_type_id: 'AC' }),
    ]);
  });

  it('ends an open feed within seconds of its token’s revocation (issue 32, item 8)', async () => {
    const revoked = await newToken();
    const feed = await openFeed(revoked, '10.24.3.1');
    await until('the state', () => feed.lines.some((l) => l.type === 'state'));
    const [row] = await t.app.get(DataSource).query('SELECT id FROM clics_tokens ORDER BY created_at DESC LIMIT 1');
    await t
      .http()
      .delete(`/api/contests/${contestId}/clics-tokens/${row.id}`)
      .set(...bearer(admin))
      .expect(204);
    // This app reads its contests again only every ten minutes: the revocation itself ends the feed.
    await until('the feed ended', () => feed.ended, 5_000);
  });

  it('ends an admin’s open feed within seconds of their demotion (issue 32, item 8)', async () => {
    const demoted = await createAdmin(t);
    const feed = await openFeed(demoted.accessToken, '10.24.4.1');
    await until('the state', () => feed.lines.some((l) => l.type === 'state'));
    await t
      .http()
      .patch(`/api/admin/users/${demoted.user.id}/role`)
      .set(...bearer(admin))
      .send({ role: 'user' })
      .expect(200);
    await until('the feed ended', () => feed.ended, 5_000);
  });

  it('counts a feed only while its connection is open: clients reset at once hold no slot (issue 32, item 12)', async () => {
    const feeds = t.app.get(ClicsEventFeedService);
    const resetToken = await newToken();
    const resets = Array.from(
      { length: 30 },
      () =>
        new Promise<void>((resolve) => {
          const socket = connect(port, '127.0.0.1', () => {
            socket.write(
              `GET /api/clics/contests/${contestId}/event-feed HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${resetToken}\r\n\r\n`,
            );
            // Gone before the guard and the first read have answered.
            setImmediate(() => socket.resetAndDestroy());
          });
          socket.on('close', () => resolve());
          socket.on('error', () => undefined);
        }),
    );
    await Promise.all(resets);
    await until('no feed open', () => feeds.openFeeds === 0);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(feeds.openFeeds).toBe(0);
    // Both of the token's slots (LIVE_STREAMS_PER_USER: 2 here) are free.
    await openFeed(resetToken, '10.24.5.1');
    await openFeed(resetToken, '10.24.5.2');
  });
});

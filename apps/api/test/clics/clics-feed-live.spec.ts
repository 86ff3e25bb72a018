import type { GradeResult } from '@oj/contracts';
import { writeFinalResult } from '@oj/db';
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
} from '@oj/testing';
import { request } from 'http';
import { AddressInfo } from 'net';
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
          const feed: OpenFeed = { lines: [], close: () => req.destroy() };
          open.push(feed);
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
});

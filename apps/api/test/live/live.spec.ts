import { bearer, createAdmin, createTestApp, liveRow, openStream, registerUser, TestApp, TestSession } from '@oj/api-testing';
import { SubmissionRow } from '@oj/contracts';
import { ProblemEntity } from '@oj/db';
import { LiveEventPublisher, liveEventsChannel } from '@oj/messaging';
import { request } from 'http';
import Redis from 'ioredis';
import { AddressInfo } from 'net';
import { DataSource } from 'typeorm';

import { LiveService } from '../../src/live/live.service';

/** Reads a stream as raw text until `until` matches; `onOpen` runs once the server has registered the client. */
function rawStream(
  t: TestApp,
  path: string,
  token: string,
  until: RegExp,
  onOpen: () => void,
): Promise<{ headers: Record<string, unknown>; text: string }> {
  const { port } = t.app.getHttpServer().address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { Authorization: `Bearer ${token}` } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (!text) onOpen();
        text += chunk;
        if (until.test(text)) {
          req.destroy();
          resolve({ headers: res.headers, text });
        }
      });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('live submission events over SSE', () => {
  let t: TestApp;
  let user: TestSession;
  let redis: Redis;
  let shown: ProblemEntity;
  let other: ProblemEntity;
  let hidden: ProblemEntity;

  beforeAll(async () => {
    t = await createTestApp({ LIVE_HEARTBEAT_MS: '150' });
    await t.app.listen(0, '127.0.0.1');
    user = await registerUser(t);
    redis = new Redis(t.config.REDIS_URL);
    const problems = t.app.get(DataSource).getRepository(ProblemEntity);
    shown = await problems.save({ title: 'Shown', statement: 's', difficulty: 'EASY' as const, isPublic: true });
    other = await problems.save({ title: 'Other', statement: 's', difficulty: 'EASY' as const, isPublic: true });
    hidden = await problems.save({ title: 'Hidden', statement: 's', difficulty: 'EASY' as const, isPublic: false });
  });
  afterAll(async () => {
    redis.disconnect();
    await t.close();
  });

  const publish = (r: SubmissionRow) => new LiveEventPublisher(redis, t.config.REDIS_PREFIX).publish(r, 'running');

  it('sends each event as `id:` + `data:` with SSE headers', async () => {
    const sent = liveRow(shown.problemId);
    const { headers, text } = await rawStream(
      t,
      '/api/submissions/stream',
      user.accessToken,
      /id: \S+\ndata: \{.*\}\n\n/,
      () => void publish(sent),
    );
    expect(headers['content-type']).toMatch(/^text\/event-stream/);
    expect(headers['cache-control']).toMatch(/no-cache/);
    expect(headers['x-accel-buffering']).toBe('no');
    const frame = /id: (\S+)\ndata: (.*)\n\n/.exec(text);
    expect(frame).not.toBeNull();
    const event = JSON.parse((frame as RegExpExecArray)[2]);
    expect(event).toMatchObject({
      id: sent.id,
      _eventType: 'running',
      eventType: 'running',
      eventId: (frame as RegExpExecArray)[1],
      emittedAt: expect.any(String),
    });
  });

  it('the global stream carries every problem, a problem stream only its own', async () => {
    const all = await openStream(t, '/api/submissions/stream', user.accessToken);
    const one = await openStream(t, `/api/problems/${shown.problemId}/submissions/stream`, user.accessToken);
    try {
      const mine = liveRow(shown.problemId);
      const theirs = liveRow(other.problemId);
      await publish(theirs);
      await publish(mine);
      await all.waitFor((e) => e.id === theirs.id, 5000);
      await all.waitFor((e) => e.id === mine.id, 5000);
      await one.waitFor((e) => e.id === mine.id, 5000);
      expect(one.events.map((e) => e.id)).toEqual([mine.id]);
    } finally {
      all.close();
      one.close();
    }
  });

  it('a private problem’s events reach admins and the submitter only', async () => {
    const stranger = await registerUser(t);
    const streams = await Promise.all(
      [user, stranger, await createAdmin(t)].map((s) => openStream(t, '/api/submissions/stream', s.accessToken)),
    );
    try {
      const secret = { ...liveRow(hidden.problemId), userId: user.user.id };
      const open = liveRow(shown.problemId);
      await publish(secret);
      await publish(open);
      const [own, theirs, admins] = streams;
      await own.waitFor((e) => e.id === open.id, 5000);
      await theirs.waitFor((e) => e.id === open.id, 5000);
      await admins.waitFor((e) => e.id === open.id, 5000);
      expect(own.events.map((e) => e.id)).toEqual([secret.id, open.id]);
      expect(admins.events.map((e) => e.id)).toEqual([secret.id, open.id]);
      expect(theirs.events.map((e) => e.id)).toEqual([open.id]);
    } finally {
      streams.forEach((s) => s.close());
    }
  });

  it('skips malformed messages and keeps streaming, with heartbeats', async () => {
    const stream = await openStream(t, '/api/submissions/stream', user.accessToken);
    try {
      await redis.publish(liveEventsChannel(t.config.REDIS_PREFIX), '{not json');
      const after = liveRow(shown.problemId);
      await publish(after);
      await stream.waitFor((e) => e.id === after.id, 5000);
      expect(stream.events).toHaveLength(1);
      await new Promise((r) => setTimeout(r, 400));
      expect(stream.heartbeats).toBeGreaterThan(0);
    } finally {
      stream.close();
    }
  });

  it('forgets a client once it disconnects', async () => {
    const live = t.app.get(LiveService);
    const countBecomes = async (n: number) => {
      for (let i = 0; i < 100 && live.clientCount !== n; i++) await new Promise((r) => setTimeout(r, 20));
      return live.clientCount;
    };
    expect(await countBecomes(0)).toBe(0);
    const stream = await openStream(t, '/api/submissions/stream', user.accessToken);
    expect(await countBecomes(1)).toBe(1);
    stream.close();
    expect(await countBecomes(0)).toBe(0);
  });

  it('needs a login, and a problem stream needs a problem the user may see', async () => {
    await t.http().get('/api/submissions/stream').expect(401);
    await t.http().get(`/api/problems/${shown.problemId}/submissions/stream`).expect(401);
    await t
      .http()
      .get(`/api/problems/${hidden.problemId}/submissions/stream`)
      .set(...bearer(user))
      .expect(404);
    await t
      .http()
      .get('/api/problems/999999/submissions/stream')
      .set(...bearer(user))
      .expect(404);
  });
});

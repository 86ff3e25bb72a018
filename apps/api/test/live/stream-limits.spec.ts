import { bearer, createAdmin, createTestApp, liveRow, openStream, registerUser, SseClient, TestApp, TestSession } from '@oj/api-testing';
import { SubmissionRow } from '@oj/contracts';
import { ProblemEntity } from '@oj/db';
import { LiveEventPublisher } from '@oj/messaging';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';

import { LiveService } from '../../src/live/live.service';

jest.setTimeout(30_000);

describe('live stream limits and access changes', () => {
  let t: TestApp;
  let admin: TestSession;
  let redis: Redis;
  const open: SseClient[] = [];

  beforeAll(async () => {
    t = await createTestApp({ LIVE_STREAMS_PER_USER: '3', LIVE_STREAMS_PER_IP: '5' });
    await t.app.listen(0, '127.0.0.1');
    admin = await createAdmin(t);
    redis = new Redis(t.config.REDIS_URL);
  });
  afterEach(() => open.splice(0).forEach((s) => s.close()));
  afterAll(async () => {
    redis.disconnect();
    await t.close();
  });

  // The API trusts X-Forwarded-For from loopback, so each test's streams come from an address of their own.
  const stream = async (session: TestSession, ip: string, path = '/api/submissions/stream') => {
    const client = await openStream(t, path, session.accessToken, { 'X-Forwarded-For': ip });
    open.push(client);
    return client;
  };
  const refused = (session: TestSession, ip: string, path = '/api/submissions/stream') =>
    t
      .http()
      .get(path)
      .set(...bearer(session))
      .set('X-Forwarded-For', ip)
      .expect(429);
  const clientCountBecomes = async (n: number) => {
    const live = t.app.get(LiveService);
    for (let i = 0; i < 250 && live.clientCount !== n; i++) await new Promise((r) => setTimeout(r, 20));
    expect(live.clientCount).toBe(n);
  };
  const publish = (r: SubmissionRow) => new LiveEventPublisher(redis, t.config.REDIS_PREFIX).publish(r, 'running');

  it('refuses a user’s stream past LIVE_STREAMS_PER_USER with a clear 429, and lets one in once another closes', async () => {
    const user = await registerUser(t);
    const problem = await t.app
      .get(DataSource)
      .getRepository(ProblemEntity)
      .save({ title: 'P', statement: 's', difficulty: 'EASY' as const, isPublic: true });
    const streams = [
      await stream(user, '10.3.0.1'),
      await stream(user, '10.3.0.2'),
      await stream(user, '10.3.0.3', `/api/problems/${problem.problemId}/submissions/stream`),
    ];
    const res = await refused(user, '10.3.0.4');
    expect(res.body).toEqual({
      message: 'Too many live streams open for this account (at most 3). Close another tab and try again.',
      code: 'RATE_LIMITED',
    });
    await refused(user, '10.3.0.4', `/api/problems/${problem.problemId}/submissions/stream`);
    await stream(await registerUser(t), '10.3.0.4');
    streams[0].close();
    await clientCountBecomes(3);
    await stream(user, '10.3.0.4');
  });

  it('refuses streams from one address past LIVE_STREAMS_PER_IP', async () => {
    const users = await Promise.all([1, 2, 3].map(() => registerUser(t)));
    for (const user of users) await stream(user, '10.4.0.1');
    await stream(users[0], '10.4.0.1');
    await stream(users[1], '10.4.0.1');
    const res = await refused(users[2], '10.4.0.1');
    expect(res.body).toEqual({
      message: 'Too many live streams open from this address (at most 5). Close another tab and try again.',
      code: 'RATE_LIMITED',
    });
    await stream(users[2], '10.4.0.2');
  });

  it('stops a problem’s events to other users the moment an admin makes it private', async () => {
    const user = await registerUser(t);
    const problems = t.app.get(DataSource).getRepository(ProblemEntity);
    const closing = await problems.save({ title: 'Closing', statement: 's', difficulty: 'EASY' as const, isPublic: true });
    const open = await problems.save({ title: 'Open', statement: 's', difficulty: 'EASY' as const, isPublic: true });
    const [theirs, admins] = [await stream(user, '10.5.0.1'), await stream(admin, '10.5.0.2')];
    const before = liveRow(closing.problemId);
    await publish(before);
    await theirs.waitFor((e) => e.id === before.id, 5000);
    await t
      .http()
      .patch(`/api/problems/${closing.problemId}/visibility`)
      .set(...bearer(admin))
      .send({ isPublic: false })
      .expect(200);
    const after = liveRow(closing.problemId);
    const marker = liveRow(open.problemId);
    await publish(after);
    await publish(marker);
    await theirs.waitFor((e) => e.id === marker.id, 5000);
    await admins.waitFor((e) => e.id === marker.id, 5000);
    expect(theirs.events.map((e) => e.id)).toEqual([before.id, marker.id]);
    expect(admins.events.map((e) => e.id)).toEqual([before.id, after.id, marker.id]);
  });

  it('ends the open streams of an admin who is demoted, so private events stop at once', async () => {
    const demoted = await createAdmin(t);
    const theirs = await stream(demoted, '10.6.0.1');
    const other = await stream(admin, '10.6.0.2');
    await t
      .http()
      .patch(`/api/admin/users/${demoted.user.id}/role`)
      .set(...bearer(admin))
      .send({ role: 'user' })
      .expect(200);
    for (let i = 0; i < 250 && !theirs.ended; i++) await new Promise((r) => setTimeout(r, 20));
    expect(theirs.ended).toBe(true);
    expect(other.ended).toBe(false);
  });

  it('ends the open streams of a user who changes their password, whose old tokens are now void', async () => {
    const changer = await registerUser(t);
    const theirs = await stream(changer, '10.7.0.1');
    const other = await stream(admin, '10.7.0.2');
    await t
      .http()
      .patch('/api/auth/me/password')
      .set(...bearer(changer))
      .send({ currentPassword: changer.password, newPassword: 'newpassword1', confirmNewPassword: 'newpassword1' })
      .expect(200);
    for (let i = 0; i < 250 && !theirs.ended; i++) await new Promise((r) => setTimeout(r, 20));
    expect(theirs.ended).toBe(true);
    expect(other.ended).toBe(false);
  });
});

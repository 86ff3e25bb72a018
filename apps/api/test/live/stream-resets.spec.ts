import {
  boardCast,
  contestBody,
  createContest,
  createTestApp,
  openStream,
  registerUser,
  SseClient,
  TestApp,
  TestSession,
} from '@oj/api-testing';
import { AddressInfo, connect } from 'net';

import { ScoreboardStreamService } from '../../src/contests/scoreboard/scoreboard-stream.service';
import { LiveService } from '../../src/live/live.service';

jest.setTimeout(60_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A stream's slot counts only while its connection is open: a client that sends the request and resets the
 * connection at once (before the handler has checked the token, read the contest, opened the stream) takes no slot
 * for good, however many times it does so.
 */
describe('streams reset before they open', () => {
  let t: TestApp;
  let admin: TestSession;
  const open: SseClient[] = [];

  beforeAll(async () => {
    t = await createTestApp({ LIVE_STREAMS_PER_USER: '3', LIVE_STREAMS_PER_IP: '1000' });
    await t.app.listen(0, '127.0.0.1');
    ({ admin } = await boardCast(t));
  });
  afterEach(() => open.splice(0).forEach((s) => s.close()));
  afterAll(() => t.close());

  /** Real sockets: each sends the request and is reset a moment later, spread over the handler's awaits. */
  async function resetMany(path: string, session: TestSession, count: number): Promise<void> {
    const { port } = t.app.getHttpServer().address() as AddressInfo;
    const resets = Array.from({ length: count }, (_, i) => {
      const socket = connect(port, '127.0.0.1');
      socket.on('error', () => undefined);
      return new Promise<void>((resolve) => {
        socket.on('close', () => resolve());
        socket.on('connect', () => {
          socket.write(
            `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${session.accessToken}\r\nAccept: text/event-stream\r\n\r\n`,
          );
          setTimeout(() => socket.resetAndDestroy(), i % 4);
        });
      });
    });
    await Promise.all(resets);
  }

  async function settlesAt(count: () => number, n: number): Promise<void> {
    for (let i = 0; i < 250 && count() !== n; i++) await sleep(20);
    expect(count()).toBe(n);
  }

  it('frees the submissions stream’s slots of connections reset before the stream opened', async () => {
    const user = await registerUser(t);
    const live = t.app.get(LiveService);
    await resetMany('/api/submissions/stream', user, 30);
    // Handlers still awaiting when the reset came have finished by now; none of them holds a slot.
    await sleep(500);
    await settlesAt(() => live.clientCount, 0);
    for (const ip of ['10.12.0.1', '10.12.0.2', '10.12.0.3'])
      open.push(await openStream(t, '/api/submissions/stream', user.accessToken, { 'X-Forwarded-For': ip }));
  });

  it('frees the contest stream’s slots of connections reset before the stream opened', async () => {
    const user = await registerUser(t);
    const { contestId } = await createContest(t, admin, contestBody([], -10, 60));
    const path = `/api/contests/${contestId}/scoreboard/stream`;
    const board = t.app.get(ScoreboardStreamService);
    await resetMany(path, user, 30);
    await sleep(500);
    await settlesAt(() => board.clientCount, 0);
    for (let i = 0; i < 3; i++) open.push(await openStream(t, path, user.accessToken));
  });
});

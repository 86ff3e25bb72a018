import { bearer, createTestApp, openStream, registerUser, StdoutCapture, TestApp, TestSession } from '@oj/api-testing';

/** The access log: one line per request when it is over, naming the request; probes and scrapes left out. */
describe('the access log', () => {
  const capture = new StdoutCapture();
  let t: TestApp;
  let user: TestSession;

  beforeAll(async () => {
    capture.start();
    t = await createTestApp({ LOG_LEVEL: 'info' });
    user = await registerUser(t);
  }, 60_000);
  afterAll(async () => {
    capture.stop();
    await t?.close();
  });

  const linesOf = (requestId: string) => capture.lines.filter((line) => line.requestId === requestId && line.app === 'api');
  /** The line is written when the response closes, just after the client has read it. */
  const settle = () => new Promise((r) => setTimeout(r, 50));

  it('writes one line per request with its id, method, URL, status and time, credentials redacted', async () => {
    const res = await t
      .http()
      .get('/api/problems?page=1')
      .set(...bearer(user))
      .set('Cookie', 'session=secret-cookie')
      .set('X-Request-Id', 'access-log-1')
      .expect(200);
    expect(res.headers['x-request-id']).toBe('access-log-1');
    await settle();
    const lines = linesOf('access-log-1');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      requestId: 'access-log-1',
      req: {
        id: 'access-log-1',
        method: 'GET',
        url: '/api/problems?page=1',
        headers: { authorization: '[redacted]', cookie: '[redacted]' },
      },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
    expect(capture.text).not.toContain(user.accessToken);
    expect(capture.text).not.toContain('secret-cookie');
  });

  it('gives a request without a sane id a UUID, in the header and the line', async () => {
    const res = await t.http().get('/api/nothing-here').set('X-Request-Id', 'no spaces allowed').expect(404);
    const id = res.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await settle();
    expect(linesOf(id)).toEqual([
      expect.objectContaining({ level: 30, res: { statusCode: 404 }, req: expect.objectContaining({ url: '/api/nothing-here' }) }),
    ]);
  });

  it('leaves health probes and metrics scrapes out', async () => {
    await t.http().get('/api/health/live').set('X-Request-Id', 'probe-live').expect(200);
    await t.http().get('/metrics').set('X-Request-Id', 'probe-metrics');
    await settle();
    expect(linesOf('probe-live')).toEqual([]);
    expect(linesOf('probe-metrics')).toEqual([]);
  });

  it('logs a live stream its viewer left as aborted, at info, once', async () => {
    const stream = await openStream(t, '/api/submissions/stream', user.accessToken, { 'X-Request-Id': 'stream-left' });
    await settle();
    expect(linesOf('stream-left')).toEqual([]);
    stream.close();
    for (let i = 0; i < 50 && !linesOf('stream-left').length; i++) await settle();
    expect(linesOf('stream-left')).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'request aborted',
        res: { statusCode: 200 },
        req: expect.objectContaining({ url: '/api/submissions/stream' }),
      }),
    ]);
  });
});

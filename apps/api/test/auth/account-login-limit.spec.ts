import { createTestApp, registerUser, TEST_PASSWORD, TestApp, TestSession } from '@oj/testing';
import Redis from 'ioredis';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The per-account bucket of failed logins: after LOGIN_FAILURES_BEFORE_DELAY (5) failures from any addresses, each
 * further attempt waits 1 s, 2 s, 4 s … (429 with Retry-After), capped at a minute, and a success clears it.
 */
describe('failed logins per account', () => {
  let t: TestApp;
  let address = 0;

  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(() => t?.close());

  /** A login from a new client address each time (the test app trusts loopback proxies), as a spread-out attack would. */
  const attempt = (usernameOrEmail: string, password: string) =>
    t
      .http()
      .post('/api/auth/login')
      .set('X-Forwarded-For', `198.51.100.${++address % 250}`)
      .send({ usernameOrEmail, password });

  async function failFiveTimes(name: string): Promise<void> {
    for (let i = 0; i < 5; i++) expect((await attempt(name, 'wrong-password')).status).toBe(401);
  }

  it('delays an account guessed from many addresses, doubling each time, and refuses even the right password meanwhile', async () => {
    const s: TestSession = await registerUser(t);
    await failFiveTimes(s.user.username);
    const limited = await attempt(s.user.username, TEST_PASSWORD);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: 'Too many failed logins for this account. Please wait and try again.', code: 'RATE_LIMITED' });
    expect(limited.headers['retry-after']).toBe('1');
    // The email names the same account, so it shares the bucket.
    expect((await attempt(s.user.email.toUpperCase(), TEST_PASSWORD)).status).toBe(429);

    await sleep(1100);
    expect((await attempt(s.user.username, 'wrong-password')).status).toBe(401);
    const doubled = await attempt(s.user.username, TEST_PASSWORD);
    expect(doubled.status).toBe(429);
    expect(doubled.headers['retry-after']).toBe('2');

    await sleep(2100);
    expect((await attempt(s.user.username, TEST_PASSWORD)).status).toBe(200);
    // The owner's success cleared the count: five fresh failures before any delay.
    await failFiveTimes(s.user.username);
  }, 30_000);

  it('slows unknown names alike, by their normalised form', async () => {
    await failFiveTimes('Ghost_User');
    const res = await attempt('  ghost_user ', 'wrong-password');
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toBe('1');
  });

  it('lets one of several concurrent attempts through once a delay is due, not all of them', async () => {
    await failFiveTimes('racer');
    await sleep(1100);
    const statuses = (await Promise.all([1, 2, 3, 4].map(() => attempt('racer', 'wrong-password')))).map((r) => r.status);
    expect(statuses.sort()).toEqual([401, 429, 429, 429]);
  }, 15_000);

  it('never asks for more than a minute, however many failures', async () => {
    const redis = new Redis(t.config.REDIS_URL);
    try {
      await redis.hset(`${t.config.REDIS_PREFIX}:login-failures:name:patient`, 'failures', 40);
    } finally {
      redis.disconnect();
    }
    expect((await attempt('patient', 'wrong-password')).status).toBe(401);
    const res = await attempt('patient', 'wrong-password');
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toBe('60');
  });
});

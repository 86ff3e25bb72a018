import { createTestApp, registerUser, StdoutCapture, TEST_PASSWORD, TestApp, TestSession } from '@oj/api-testing';
import Redis from 'ioredis';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The buckets of failed logins: after LOGIN_FAILURES_BEFORE_DELAY (5) failures from one address on one account, or
 * from 5 addresses on it, further attempts (from that address; from any address the owner has not logged in from)
 * wait 1 s, 2 s, 4 s … (429 with Retry-After), capped at a minute, and a success clears them. Whatever an attacker
 * does, the owner still logs in.
 */
describe('failed logins per account', () => {
  let t: TestApp;
  let address = 0;

  beforeAll(async () => {
    // Warnings on: an account guessed from many addresses is logged.
    t = await createTestApp({ LOG_LEVEL: 'warn' });
  }, 60_000);
  afterAll(() => t?.close());

  /** A login from a new client address each time (the test app trusts loopback proxies), as a spread-out attack would. */
  const attempt = (usernameOrEmail: string, password: string) => attemptFrom(`198.51.100.${++address % 250}`, usernameOrEmail, password);
  const attemptFrom = (ip: string, usernameOrEmail: string, password: string) =>
    t.http().post('/api/auth/login').set('X-Forwarded-For', ip).send({ usernameOrEmail, password });

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

  it('lets the owner in from another address while one address keeps failing past every delay', async () => {
    const s: TestSession = await registerUser(t);
    const attacker = '203.0.113.7';
    for (let i = 0; i < 5; i++) expect((await attemptFrom(attacker, s.user.username, `wrong-${i}`)).status).toBe(401);
    expect((await attemptFrom(attacker, s.user.username, 'wrong-early')).status).toBe(429);
    // The attacker comes back as the delay ends, which starts the next one at once …
    await sleep(1100);
    expect((await attemptFrom(attacker, s.user.username, 'wrong-again')).status).toBe(401);
    expect((await attemptFrom(attacker, s.user.username, TEST_PASSWORD)).status).toBe(429);
    // … and the owner, from fresh addresses of theirs, is not delayed by failures that are not theirs.
    expect((await attemptFrom('192.0.2.10', s.user.username, TEST_PASSWORD)).status).toBe(200);
    expect((await attemptFrom('192.0.2.11', s.user.email, TEST_PASSWORD)).status).toBe(200);
  }, 30_000);

  it('lets the owner in from an address they used before while many addresses guess, and logs the attack', async () => {
    const logs = new StdoutCapture();
    const s: TestSession = await registerUser(t);
    const home = '192.0.2.20';
    expect((await attemptFrom(home, s.user.username, TEST_PASSWORD)).status).toBe(200);
    logs.start();
    try {
      await failFiveTimes(s.user.username);
    } finally {
      logs.stop();
    }
    expect(logs.lines).toContainEqual(
      expect.objectContaining({ level: 40, msg: expect.stringContaining(`user:${s.user.id} from 5 addresses`) }),
    );
    // A new address waits: the account is being guessed from everywhere …
    expect((await attempt(s.user.username, TEST_PASSWORD)).status).toBe(429);
    // … but the owner's address, known from their earlier login, does not.
    expect((await attemptFrom(home, s.user.username, TEST_PASSWORD)).status).toBe(200);
  });

  it('knows the address an account was registered from', async () => {
    const username = `reg_${Date.now()}`;
    const home = '192.0.2.30';
    await t
      .http()
      .post('/api/auth/register')
      .set('X-Forwarded-For', home)
      .send({ username, email: `${username}@example.com`, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD })
      .expect(201);
    await failFiveTimes(username);
    expect((await attempt(username, TEST_PASSWORD)).status).toBe(429);
    expect((await attemptFrom(home, username, TEST_PASSWORD)).status).toBe(200);
  });
});

import { createTestApp, TestApp } from '@oj/api-testing';

describe('auth rate limit', () => {
  let t: TestApp;
  let other: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(async () => {
    await t.close();
    await other?.close();
  });

  it('answers 429 with Retry-After once an address spends its attempts, counted in Redis across replicas', async () => {
    const attempt = (app: TestApp) => app.http().post('/api/auth/login').send({ usernameOrEmail: 'nobody', password: 'whatever1' });
    expect((await attempt(t)).status).toBe(401);
    expect((await attempt(t)).status).toBe(401);
    // A second API instance sharing Redis (same prefix) sees the same counter.
    other = await createTestApp({
      AUTH_RATE_LIMIT_PER_MINUTE: '3',
      DATABASE_URL: t.config.DATABASE_URL,
      REDIS_PREFIX: t.config.REDIS_PREFIX,
    });
    expect((await attempt(other)).status).toBe(401);
    const limited = await attempt(t);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: 'Too many attempts. Please wait a minute and try again.', code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await t.http().post('/api/auth/refresh').send({ refreshToken: 'x' })).status).toBe(429);
  });
});

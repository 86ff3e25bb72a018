import { createTestApp, TestApp } from '@oj/api-testing';

/** Login attempts are limited per client address: which address counts depends on TRUST_PROXY. */
async function statusesFrom(t: TestApp, forwardedFor: string[]): Promise<number[]> {
  const statuses: number[] = [];
  for (const address of forwardedFor) {
    const res = await t
      .http()
      .post('/api/auth/login')
      .set('X-Forwarded-For', address)
      .send({ usernameOrEmail: 'nobody', password: 'whatever1' });
    statuses.push(res.status);
  }
  return statuses;
}

describe('TRUST_PROXY', () => {
  const apps: TestApp[] = [];
  afterAll(() => Promise.all(apps.map((t) => t.close())));

  it('by default believes X-Forwarded-For from a proxy on loopback: each client has its own limit', async () => {
    const t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '2' });
    apps.push(t);
    expect(await statusesFrom(t, ['203.0.113.1', '203.0.113.1', '203.0.113.1', '203.0.113.2'])).toEqual([401, 401, 429, 401]);
  }, 60_000);

  it('set to false, ignores X-Forwarded-For: every request counts against the peer', async () => {
    const t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '2', TRUST_PROXY: 'false' });
    apps.push(t);
    expect(await statusesFrom(t, ['203.0.113.1', '203.0.113.2', '203.0.113.3'])).toEqual([401, 401, 429]);
  }, 60_000);
});

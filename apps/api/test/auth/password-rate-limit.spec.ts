import { bearer, createTestApp, TEST_PASSWORD, TestApp, TestSession, uniqueName } from '@oj/api-testing';

/** Each password-change attempt is an argon2 verify (64 MiB, tens of ms): it must not be free to repeat. */
describe('password change rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3', PASSWORD_CHANGES_PER_MINUTE: '3' });
  });
  afterAll(() => t.close());

  // The API trusts X-Forwarded-For from loopback (a local proxy), so each request can come "from" its own address.
  const from = (ip: string) => ({ 'X-Forwarded-For': ip });
  let setupIp = 0;
  const newUser = async () => {
    const username = uniqueName();
    const res = await t
      .http()
      .post('/api/auth/register')
      .set(from(`10.9.0.${++setupIp}`))
      .send({ username, email: `${username}@example.com`, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD })
      .expect(201);
    return res.body as TestSession;
  };
  const guess = (session: TestSession, ip: string, currentPassword = 'not-the-password') =>
    t
      .http()
      .patch('/api/auth/me/password')
      .set(...bearer(session))
      .set(from(ip))
      .send({ currentPassword, newPassword: 'newpassword1', confirmNewPassword: 'newpassword1' });

  const expectLimited = (res: { status: number; body: unknown; headers: Record<string, string> }) => {
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ message: 'Too many password attempts. Please wait a minute and try again.', code: 'RATE_LIMITED' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  };

  it('limits one account guessed from many addresses', async () => {
    const victim = await newUser();
    for (const ip of ['10.1.0.1', '10.1.0.2', '10.1.0.3']) expect((await guess(victim, ip)).status).toBe(400);
    expectLimited(await guess(victim, '10.1.0.4'));
    // Even the right password waits: no hash is checked while the account is limited.
    expectLimited(await guess(victim, '10.1.0.5', TEST_PASSWORD));
    expect((await guess(await newUser(), '10.1.0.6')).status).toBe(400);
  });

  it('limits one address trying many accounts, counted with its logins', async () => {
    const users = await Promise.all([1, 2, 3].map(() => newUser()));
    expect(
      (await t.http().post('/api/auth/login').set(from('10.2.0.1')).send({ usernameOrEmail: 'nobody', password: 'whatever1' })).status,
    ).toBe(401);
    for (const user of users.slice(0, 2)) expect((await guess(user, '10.2.0.1')).status).toBe(400);
    expectLimited(await guess(users[2], '10.2.0.1'));
    expect((await guess(users[2], '10.2.0.2')).status).toBe(400);
  });
});

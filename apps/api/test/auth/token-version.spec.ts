import { bearer, createAdmin, createTestApp, registerUser, TEST_PASSWORD, TestApp, TestSession } from '@oj/api-testing';

/**
 * A password, role or status change raises the user's token version: every access token and queue board cookie
 * issued before stops working at the next request, not when it expires.
 */
describe('token version: changes that end existing tokens at once', () => {
  let t: TestApp;
  let admin: TestSession;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t);
  }, 60_000);
  afterAll(() => t?.close());

  const me = (accessToken: string) => t.http().get('/api/auth/me').set('Authorization', `Bearer ${accessToken}`);
  const login = (session: TestSession, password = TEST_PASSWORD) =>
    t.http().post('/api/auth/login').send({ usernameOrEmail: session.user.username, password }).expect(200);
  const adminPatch = (session: TestSession, what: 'role' | 'status', body: object) =>
    t
      .http()
      .patch(`/api/admin/users/${session.user.id}/${what}`)
      .set(...bearer(admin))
      .send(body)
      .expect(200);

  async function openBoard(session: TestSession): Promise<string> {
    const res = await t
      .http()
      .post('/api/admin/queue-board/session')
      .set(...bearer(session))
      .expect(200);
    return String(([] as string[]).concat(res.headers['set-cookie'] ?? [])[0]).split(';')[0];
  }

  it('a password change ends the access tokens of every session, the one that changed it included', async () => {
    const s = await registerUser(t);
    const other = (await login(s)).body;
    const res = await t
      .http()
      .patch('/api/auth/me/password')
      .set(...bearer(s))
      .send({ currentPassword: TEST_PASSWORD, newPassword: 'newpassword1', confirmNewPassword: 'newpassword1' })
      .expect(200);
    await me(s.accessToken).expect(401);
    await me(other.accessToken).expect(401);
    await me(res.body.accessToken).expect(200);
    // The refresh tokens of the other sessions end too; the new session's works.
    await t.http().post('/api/auth/refresh').send({ refreshToken: other.refreshToken }).expect(401);
    await t.http().post('/api/auth/refresh').send({ refreshToken: res.body.refreshToken }).expect(200);
  });

  it("a password change ends the admin's queue board cookie", async () => {
    const other = await createAdmin(t);
    const cookie = await openBoard(other);
    await t.http().get('/admin/queues/api/queues').set('Cookie', cookie).expect(200);
    await t
      .http()
      .patch('/api/auth/me/password')
      .set(...bearer(other))
      .send({ currentPassword: TEST_PASSWORD, newPassword: 'newpassword1', confirmNewPassword: 'newpassword1' })
      .expect(200);
    await t.http().get('/admin/queues/api/queues').set('Cookie', cookie).expect(401);
  });

  it('a role change ends the access tokens and board cookie issued with the old role; a refresh carries the new one', async () => {
    const promoted = await registerUser(t);
    await adminPatch(promoted, 'role', { role: 'admin' });
    await me(promoted.accessToken).expect(401);
    const refreshed = await t.http().post('/api/auth/refresh').send({ refreshToken: promoted.refreshToken }).expect(200);
    expect(refreshed.body.user.role).toBe('admin');
    const session = { ...promoted, accessToken: refreshed.body.accessToken };
    const cookie = await openBoard(session);
    await adminPatch(promoted, 'role', { role: 'user' });
    await me(refreshed.body.accessToken).expect(401);
    await t.http().get('/admin/queues/api/queues').set('Cookie', cookie).expect(401);
  });

  it('a deactivation ends the access tokens for good: reactivating the account does not revive them', async () => {
    const s = await registerUser(t);
    await adminPatch(s, 'status', { isActive: false });
    await adminPatch(s, 'status', { isActive: true });
    await me(s.accessToken).expect(401);
    await t.http().post('/api/auth/refresh').send({ refreshToken: s.refreshToken }).expect(401);
    await me((await login(s)).body.accessToken).expect(200);
  });

  it('saving the same role again ends nothing', async () => {
    const s = await registerUser(t);
    await adminPatch(s, 'role', { role: 'user' });
    await me(s.accessToken).expect(200);
  });
});

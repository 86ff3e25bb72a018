import { bearer, createAdmin, createTestApp, registerUser, TestApp, TestSession } from '@oj/api-testing';
import { UserEntity } from '@oj/db';
import { DataSource } from 'typeorm';

import { DEFAULT_ADMIN_PASSWORD } from '../../src/config/known-passwords';
import { ensureAdminAccount } from '../../src/users/ensure-admin';

/** GET /api/admin/security: which admins still use the built-in default password (the admin pages' warning). */
describe('admin security status', () => {
  let t: TestApp;
  let admin: TestSession;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t);
  }, 60_000);
  afterAll(() => t?.close());

  const status = (session: TestSession) =>
    t
      .http()
      .get('/api/admin/security')
      .set(...bearer(session));

  it('is for admins only', async () => {
    await t.http().get('/api/admin/security').expect(401);
    await status(await registerUser(t)).expect(403);
  });

  it('names the admin created with the default password until that password is changed', async () => {
    await ensureAdminAccount(t.app.get(DataSource), { username: 'admin', email: 'admin@example.com', password: DEFAULT_ADMIN_PASSWORD });
    expect((await status(admin).expect(200)).body).toEqual({ defaultPasswordAdmins: ['admin'] });

    const login = await t.http().post('/api/auth/login').send({ usernameOrEmail: 'admin', password: DEFAULT_ADMIN_PASSWORD }).expect(200);
    await t
      .http()
      .patch('/api/auth/me/password')
      .set('Authorization', `Bearer ${login.body.accessToken}`)
      .send({ currentPassword: DEFAULT_ADMIN_PASSWORD, newPassword: 'a-password-of-my-own', confirmNewPassword: 'a-password-of-my-own' })
      .expect(200);
    expect((await status(admin).expect(200)).body).toEqual({ defaultPasswordAdmins: [] });
    // Only the hash is stored: the status never comes from a kept password.
    const stored = await t.app.get(DataSource).getRepository(UserEntity).findOneByOrFail({ username: 'admin' });
    expect(stored.passwordHash).toMatch(/^\$argon2id\$/);
  });
});

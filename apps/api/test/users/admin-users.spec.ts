import { bearer, createAdmin, createTestApp, registerUser, TEST_PASSWORD, TestApp } from '@oj/api-testing';
import { ProblemEntity, RefreshTokenEntity, SubmissionEntity, UserEntity } from '@oj/db';
import { DataSource } from 'typeorm';

import { ensureAdminAccount } from '../../src/users/ensure-admin';

describe('admin users', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists users for admins only', async () => {
    const admin = await createAdmin(t);
    const user = await registerUser(t);
    await t.http().get('/api/admin/users').expect(401);
    await t
      .http()
      .get('/api/admin/users')
      .set(...bearer(user))
      .expect(403);
    const res = await t
      .http()
      .get('/api/admin/users')
      .set(...bearer(admin))
      .expect(200);
    const row = res.body.items.find((u: { id: string }) => u.id === user.user.id);
    expect(row).toEqual({
      id: user.user.id,
      username: user.user.username,
      email: user.user.email,
      role: 'user',
      isActive: true,
      profilePublic: true,
      createdAt: expect.any(String),
      rating: null,
    });
  });

  it('refuses every admin mutation to guests (401) and users (403)', async () => {
    const victim = await registerUser(t);
    const user = await registerUser(t);
    const url = `/api/admin/users/${victim.user.id}`;
    const calls = [
      () => t.http().patch(`${url}/role`).send({ role: 'admin' }),
      () => t.http().patch(`${url}/status`).send({ isActive: false }),
      () => t.http().delete(url),
    ];
    for (const call of calls) {
      await call().expect(401);
      await call()
        .set(...bearer(user))
        .expect(403);
    }
    await t
      .http()
      .get('/api/auth/me')
      .set(...bearer(victim))
      .expect(200);
  });

  it('deactivation revokes the refresh tokens and deletion removes them', async () => {
    const admin = await createAdmin(t);
    const user = await registerUser(t);
    const tokens = t.app.get(DataSource).getRepository(RefreshTokenEntity);
    await t
      .http()
      .patch(`/api/admin/users/${user.user.id}/status`)
      .set(...bearer(admin))
      .send({ isActive: false })
      .expect(200);
    const rows = await tokens.findBy({ userId: user.user.id });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.revokedAt !== null)).toBe(true);
    await t
      .http()
      .delete(`/api/admin/users/${user.user.id}`)
      .set(...bearer(admin))
      .expect(204);
    expect(await tokens.countBy({ userId: user.user.id })).toBe(0);
    expect(
      (
        await t
          .http()
          .get('/api/admin/users')
          .set(...bearer(admin))
          .expect(200)
      ).body.items.map((u: { id: string }) => u.id),
    ).not.toContain(user.user.id);
  });

  it('ensureAdminAccount creates the admin once and leaves an existing account alone', async () => {
    const ds = t.app.get(DataSource);
    const account = { username: 'Boss_Admin', email: 'boss@example.com', password: 'bosspass123' };
    expect((await ensureAdminAccount(ds, account)).created).toBe(true);
    const again = await ensureAdminAccount(ds, { ...account, username: 'boss_admin', password: 'different123' });
    expect(again.created).toBe(false);
    const login = await t.http().post('/api/auth/login').send({ usernameOrEmail: 'boss@example.com', password: 'bosspass123' }).expect(200);
    expect(login.body.user).toMatchObject({ username: 'Boss_Admin', role: 'admin', isActive: true });
    expect(await ds.getRepository(UserEntity).countBy({ email: 'boss@example.com' })).toBe(1);
  });

  it('promotes, demotes, deactivates and reactivates', async () => {
    const admin = await createAdmin(t);
    const user = await registerUser(t);
    const url = `/api/admin/users/${user.user.id}`;
    expect(
      (
        await t
          .http()
          .patch(`${url}/role`)
          .set(...bearer(admin))
          .send({ role: 'admin' })
          .expect(200)
      ).body.role,
    ).toBe('admin');
    // The token issued with the old role ends at once; the refreshed one carries the new role.
    await t
      .http()
      .get('/api/admin/users')
      .set(...bearer(user))
      .expect(401);
    const refresh = async () => {
      const res = await t.http().post('/api/auth/refresh').send({ refreshToken: user.refreshToken }).expect(200);
      Object.assign(user, { accessToken: res.body.accessToken, refreshToken: res.body.refreshToken });
    };
    await refresh();
    await t
      .http()
      .get('/api/admin/users')
      .set(...bearer(user))
      .expect(200);
    expect(
      (
        await t
          .http()
          .patch(`${url}/role`)
          .set(...bearer(admin))
          .send({ role: 'user' })
          .expect(200)
      ).body.role,
    ).toBe('user');
    await t
      .http()
      .get('/api/admin/users')
      .set(...bearer(user))
      .expect(401);
    await refresh();
    await t
      .http()
      .get('/api/admin/users')
      .set(...bearer(user))
      .expect(403);
    expect(
      (
        await t
          .http()
          .patch(`${url}/status`)
          .set(...bearer(admin))
          .send({ isActive: false })
          .expect(200)
      ).body.isActive,
    ).toBe(false);
    expect(
      (
        await t
          .http()
          .patch(`${url}/status`)
          .set(...bearer(admin))
          .send({ isActive: true })
          .expect(200)
      ).body.isActive,
    ).toBe(true);
    await t.http().post('/api/auth/login').send({ usernameOrEmail: user.user.username, password: TEST_PASSWORD }).expect(200);
  });

  it('validates the bodies and ids', async () => {
    const admin = await createAdmin(t);
    const user = await registerUser(t);
    const res = await t
      .http()
      .patch(`/api/admin/users/${user.user.id}/role`)
      .set(...bearer(admin))
      .send({ role: 'root' })
      .expect(400);
    expect(res.body.details).toEqual([{ path: 'role', message: 'Role must be one of: user, admin.' }]);
    await t
      .http()
      .patch(`/api/admin/users/${user.user.id}/status`)
      .set(...bearer(admin))
      .send({ isActive: 'no' })
      .expect(400);
    await t
      .http()
      .patch('/api/admin/users/not-a-uuid/role')
      .set(...bearer(admin))
      .send({ role: 'user' })
      .expect(404);
    await t
      .http()
      .delete('/api/admin/users/00000000-0000-4000-8000-000000000000')
      .set(...bearer(admin))
      .expect(404);
  });

  it('an admin cannot demote, deactivate or delete themself', async () => {
    const admin = await createAdmin(t);
    await createAdmin(t);
    const url = `/api/admin/users/${admin.user.id}`;
    const demote = await t
      .http()
      .patch(`${url}/role`)
      .set(...bearer(admin))
      .send({ role: 'user' })
      .expect(409);
    expect(demote.body).toEqual({ message: 'You cannot demote your own account.', code: 'CONFLICT' });
    await t
      .http()
      .patch(`${url}/status`)
      .set(...bearer(admin))
      .send({ isActive: false })
      .expect(409);
    await t
      .http()
      .delete(url)
      .set(...bearer(admin))
      .expect(409);
  });

  it('never removes the last active admin, even when two admins demote each other at once', async () => {
    const solo = await createTestApp();
    try {
      const a = await createAdmin(solo);
      const b = await createAdmin(solo);
      const [ab, ba] = await Promise.all([
        solo
          .http()
          .patch(`/api/admin/users/${b.user.id}/role`)
          .set(...bearer(a))
          .send({ role: 'user' }),
        solo
          .http()
          .patch(`/api/admin/users/${a.user.id}/role`)
          .set(...bearer(b))
          .send({ role: 'user' }),
      ]);
      // The row lock serialises them: one wins; the loser is refused (no longer an admin, or the last one).
      expect([ab.status, ba.status].filter((s) => s === 200)).toHaveLength(1);
      const list = await solo
        .http()
        .get('/api/admin/users')
        .set(...bearer(ab.status === 200 ? a : b))
        .expect(200);
      expect(list.body.items.filter((u: { role: string; isActive: boolean }) => u.role === 'admin' && u.isActive)).toHaveLength(1);
    } finally {
      await solo.close();
    }
  });

  it('deleting a user keeps their submissions without a user', async () => {
    const admin = await createAdmin(t);
    const user = await registerUser(t);
    const ds = t.app.get(DataSource);
    const problem = await ds.getRepository(ProblemEntity).save({ title: 'P', statement: 'S', difficulty: 'EASY' as const });
    const submission = await ds.getRepository(SubmissionEntity).save({
      userId: user.user.id,
      problemId: problem.problemId,
      languageId: 71,
      languageName: 'Python 3',
      sourceCode: 'print(1)',
      sourceLen: 8,
    });
    await t
      .http()
      .delete(`/api/admin/users/${user.user.id}`)
      .set(...bearer(admin))
      .expect(204);
    const kept = await ds.getRepository(SubmissionEntity).findOneByOrFail({ id: submission.id });
    expect(kept.userId).toBeNull();
    await t.http().post('/api/auth/login').send({ usernameOrEmail: user.user.username, password: TEST_PASSWORD }).expect(401);
  });
});

import { JwtService } from '@nestjs/jwt';
import { bearer, createAdmin, createTestApp, registerUser, TEST_PASSWORD, TestApp, uniqueName } from '@oj/api-testing';
import { RefreshTokenEntity, UserEntity } from '@oj/db';
import { createHash } from 'crypto';
import type { Test } from 'supertest';
import { DataSource } from 'typeorm';

import { JwtSecrets } from '../../src/auth/jwt-secrets';

describe('auth', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  describe('register', () => {
    it('creates a user and returns tokens and the user', async () => {
      const username = uniqueName('Ada');
      const res = await t
        .http()
        .post('/api/auth/register')
        .send({ username, email: `${username}@Example.com`, password: 'password123', confirmPassword: 'password123' })
        .expect(201);
      expect(res.body).toMatchObject({
        accessToken: expect.any(String),
        refreshToken: expect.any(String),
        user: { username, role: 'user', isActive: true, profilePublic: true, profile: { displayName: '', bio: '', avatarUrl: '' } },
      });
      expect(res.body.user.passwordHash).toBeUndefined();
    });

    it('reports every bad field with its message', async () => {
      const res = await t
        .http()
        .post('/api/auth/register')
        .send({ username: 'a!', email: 'nope', password: 'short', confirmPassword: 'other' })
        .expect(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      const byPath = Object.fromEntries(res.body.details.map((d: { path: string; message: string }) => [d.path, d.message]));
      expect(byPath).toEqual({
        username: 'Username must be 3 to 32 characters long.',
        email: 'Enter a valid email address.',
        password: 'Password must be at least 8 characters long.',
        confirmPassword: 'Passwords must match.',
      });
    });

    it.each([
      [{ username: 'bad name' }, 'username', 'Username may contain only letters, digits, underscores, dots and hyphens.'],
      [{ username: 'x'.repeat(33) }, 'username', 'Username must be 3 to 32 characters long.'],
      [{ confirmPassword: 'password124' }, 'confirmPassword', 'Passwords must match.'],
      [{ email: 42 }, 'email', 'Email is required.'],
    ])('rejects %j', async (override, path, message) => {
      const username = uniqueName();
      const body = { username, email: `${username}@example.com`, password: 'password123', confirmPassword: 'password123', ...override };
      const res = await t.http().post('/api/auth/register').send(body).expect(400);
      expect(res.body.details).toContainEqual({ path, message });
    });

    it('refuses a taken username or email case-insensitively with 409', async () => {
      const first = await registerUser(t);
      const upper = first.user.username.toUpperCase();
      let res = await t
        .http()
        .post('/api/auth/register')
        .send({ username: upper, email: 'other@example.com', password: 'password123', confirmPassword: 'password123' })
        .expect(409);
      expect(res.body.details).toEqual([{ path: 'username', message: 'Username is already taken.' }]);
      res = await t
        .http()
        .post('/api/auth/register')
        .send({ username: uniqueName(), email: first.user.email.toUpperCase(), password: 'password123', confirmPassword: 'password123' })
        .expect(409);
      expect(res.body.details).toEqual([{ path: 'email', message: 'Email is already registered.' }]);
    });
  });

  describe('login', () => {
    it('accepts the username or the email in any case', async () => {
      const s = await registerUser(t);
      await t.http().post('/api/auth/login').send({ usernameOrEmail: s.user.username.toUpperCase(), password: TEST_PASSWORD }).expect(200);
      const res = await t
        .http()
        .post('/api/auth/login')
        .send({ usernameOrEmail: s.user.email.toUpperCase(), password: TEST_PASSWORD })
        .expect(200);
      expect(res.body.user.id).toBe(s.user.id);
    });

    it('refuses a wrong password and an unknown user alike', async () => {
      const s = await registerUser(t);
      const wrong = await t.http().post('/api/auth/login').send({ usernameOrEmail: s.user.username, password: 'wrongpass1' }).expect(401);
      const unknown = await t.http().post('/api/auth/login').send({ usernameOrEmail: 'nobody_here', password: 'wrongpass1' }).expect(401);
      expect(wrong.body).toEqual({ message: 'Invalid username/email or password.', code: 'UNAUTHORIZED' });
      expect(unknown.body).toEqual(wrong.body);
    });

    it('requires both fields', async () => {
      const res = await t.http().post('/api/auth/login').send({}).expect(400);
      expect(res.body.details).toEqual([
        { path: 'usernameOrEmail', message: 'Username or email is required.' },
        { path: 'password', message: 'Password is required.' },
      ]);
    });
  });

  describe('tokens', () => {
    it('access token is a 15-minute JWT carrying id, username and role', async () => {
      const s = await registerUser(t);
      const claims = new JwtService().decode(s.accessToken) as Record<string, number | string>;
      expect(claims).toMatchObject({ sub: s.user.id, username: s.user.username, role: 'user' });
      expect(Number(claims.exp) - Number(claims.iat)).toBe(15 * 60);
    });

    it('GET /api/auth/me needs a valid token', async () => {
      const s = await registerUser(t);
      const me = await t
        .http()
        .get('/api/auth/me')
        .set(...bearer(s))
        .expect(200);
      expect(me.body.username).toBe(s.user.username);
      await t.http().get('/api/auth/me').expect(401);
      const forged = new JwtService().sign(
        { sub: s.user.id, username: s.user.username, role: 'admin' },
        { secret: 'not-the-secret-at-all' },
      );
      await t.http().get('/api/auth/me').set('Authorization', `Bearer ${forged}`).expect(401);
      const expired = new JwtService().sign(
        { sub: s.user.id, username: s.user.username, role: 'user' },
        { secret: t.app.get(JwtSecrets).access, expiresIn: -10 },
      );
      await t.http().get('/api/auth/me').set('Authorization', `Bearer ${expired}`).expect(401);
    });

    it('rotates the refresh token, and reuse of a rotated one revokes the whole family', async () => {
      const s = await registerUser(t);
      const first = await t.http().post('/api/auth/refresh').send({ refreshToken: s.refreshToken }).expect(200);
      expect(first.body.refreshToken).not.toBe(s.refreshToken);
      expect(first.body.user.id).toBe(s.user.id);
      // The old token again: reuse. Its successor dies with it.
      await t.http().post('/api/auth/refresh').send({ refreshToken: s.refreshToken }).expect(401);
      await t.http().post('/api/auth/refresh').send({ refreshToken: first.body.refreshToken }).expect(401);
    });

    it('refuses an unknown refresh token and a missing one', async () => {
      await t.http().post('/api/auth/refresh').send({ refreshToken: 'made-up' }).expect(401);
      await t.http().post('/api/auth/refresh').send({}).expect(400);
    });

    it('logout revokes the refresh token, and an unknown one is no error', async () => {
      const s = await registerUser(t);
      await t.http().post('/api/auth/logout').send({ refreshToken: s.refreshToken }).expect(204);
      await t.http().post('/api/auth/refresh').send({ refreshToken: s.refreshToken }).expect(401);
      await t.http().post('/api/auth/logout').send({ refreshToken: 'never-issued' }).expect(204);
    });

    it('stores only the SHA-256 of a refresh token and refuses it once expired', async () => {
      const s = await registerUser(t);
      const tokens = t.app.get(DataSource).getRepository(RefreshTokenEntity);
      const stored = await tokens.findOneByOrFail({ userId: s.user.id });
      expect(stored.tokenHash).toBe(createHash('sha256').update(s.refreshToken).digest('hex'));
      expect(Buffer.from(s.refreshToken, 'base64url')).toHaveLength(32);
      await tokens.update({ id: stored.id }, { expiresAt: new Date(Date.now() - 1000) });
      const res = await t.http().post('/api/auth/refresh').send({ refreshToken: s.refreshToken }).expect(401);
      expect(res.body.code).toBe('UNAUTHORIZED');
    });
  });

  describe('profile and password', () => {
    it('updates the profile within its bounds', async () => {
      const s = await registerUser(t);
      const res = await t
        .http()
        .patch('/api/auth/me/profile')
        .set(...bearer(s))
        .send({ displayName: '  Ada  ', bio: 'Hi', avatarUrl: 'https://example.com/a.png' })
        .expect(200);
      expect(res.body.profile).toEqual({ displayName: 'Ada', bio: 'Hi', avatarUrl: 'https://example.com/a.png' });
      await t
        .http()
        .patch('/api/auth/me/profile')
        .set(...bearer(s))
        .send({ avatarUrl: '' })
        .expect(200);
    });

    it.each([
      [{ displayName: 'x'.repeat(65) }, 'displayName', 'Display name must be at most 64 characters long.'],
      [{ bio: 'x'.repeat(1001) }, 'bio', 'Bio must be at most 1000 characters long.'],
      [{ avatarUrl: 'javascript:alert(1)' }, 'avatarUrl', 'Avatar URL must be an http(s) URL.'],
      [{ avatarUrl: `https://example.com/${'a'.repeat(2048)}` }, 'avatarUrl', 'Avatar URL must be at most 2048 characters long.'],
    ])('rejects profile %#', async (body, path, message) => {
      const s = await registerUser(t);
      const res = await t
        .http()
        .patch('/api/auth/me/profile')
        .set(...bearer(s))
        .send(body)
        .expect(400);
      expect(res.body.details).toEqual([{ path, message }]);
    });

    it('sets profile visibility', async () => {
      const s = await registerUser(t);
      await t
        .http()
        .put('/api/users/me/profile')
        .set(...bearer(s))
        .send({ profilePublic: false })
        .expect(200, { profilePublic: false });
      const me = await t
        .http()
        .get('/api/auth/me')
        .set(...bearer(s))
        .expect(200);
      expect(me.body.profilePublic).toBe(false);
      await t
        .http()
        .put('/api/users/me/profile')
        .set(...bearer(s))
        .send({ profilePublic: 'yes' })
        .expect(400);
      await t.http().put('/api/users/me/profile').send({ profilePublic: true }).expect(401);
    });

    it('changes the password, checking the current one, and revokes other sessions', async () => {
      const s = await registerUser(t);
      const other = await t.http().post('/api/auth/login').send({ usernameOrEmail: s.user.username, password: TEST_PASSWORD }).expect(200);
      let res = await t
        .http()
        .patch('/api/auth/me/password')
        .set(...bearer(s))
        .send({ currentPassword: 'wrong-pass', newPassword: 'newpassword1', confirmNewPassword: 'newpassword1' })
        .expect(400);
      expect(res.body.details).toEqual([{ path: 'currentPassword', message: 'Current password is incorrect.' }]);
      res = await t
        .http()
        .patch('/api/auth/me/password')
        .set(...bearer(s))
        .send({ currentPassword: TEST_PASSWORD, newPassword: 'newpassword1', confirmNewPassword: 'newpassword2' })
        .expect(400);
      expect(res.body.details).toEqual([{ path: 'confirmNewPassword', message: 'New passwords must match.' }]);
      res = await t
        .http()
        .patch('/api/auth/me/password')
        .set(...bearer(s))
        .send({ currentPassword: TEST_PASSWORD, newPassword: 'newpassword1', confirmNewPassword: 'newpassword1' })
        .expect(200);
      expect(res.body.refreshToken).toEqual(expect.any(String));
      await t.http().post('/api/auth/refresh').send({ refreshToken: other.body.refreshToken }).expect(401);
      await t.http().post('/api/auth/refresh').send({ refreshToken: res.body.refreshToken }).expect(200);
      await t.http().post('/api/auth/login').send({ usernameOrEmail: s.user.username, password: 'newpassword1' }).expect(200);
    });
  });

  describe('deactivation', () => {
    it('blocks login, refresh and existing access tokens', async () => {
      const admin = await createAdmin(t);
      const s = await registerUser(t);
      await t
        .http()
        .patch(`/api/admin/users/${s.user.id}/status`)
        .set(...bearer(admin))
        .send({ isActive: false })
        .expect(200);
      const login = await t.http().post('/api/auth/login').send({ usernameOrEmail: s.user.username, password: TEST_PASSWORD }).expect(403);
      expect(login.body).toEqual({ message: 'This account has been deactivated.', code: 'FORBIDDEN' });
      await t
        .http()
        .get('/api/auth/me')
        .set(...bearer(s))
        .expect(401);
      const refresh = await t.http().post('/api/auth/refresh').send({ refreshToken: s.refreshToken }).expect(403);
      expect(refresh.body).toEqual({ message: 'This account has been deactivated.', code: 'FORBIDDEN' });
    });
  });

  it('profile and password routes need a login', async () => {
    await t.http().patch('/api/auth/me/profile').send({ bio: 'x' }).expect(401);
    await t.http().patch('/api/auth/me/password').send({ currentPassword: 'a', newPassword: 'b', confirmNewPassword: 'b' }).expect(401);
  });

  it('requires every password-change field and a long enough new password', async () => {
    const s = await registerUser(t);
    let res = await t
      .http()
      .patch('/api/auth/me/password')
      .set(...bearer(s))
      .send({})
      .expect(400);
    expect(res.body.details.map((d: { path: string }) => d.path)).toEqual(['currentPassword', 'newPassword', 'confirmNewPassword']);
    res = await t
      .http()
      .patch('/api/auth/me/password')
      .set(...bearer(s))
      .send({ currentPassword: TEST_PASSWORD, newPassword: 'short', confirmNewPassword: 'short' })
      .expect(400);
    expect(res.body.details).toEqual([{ path: 'newPassword', message: 'Password must be at least 8 characters long.' }]);
  });

  it('never answers 5xx to odd bodies', async () => {
    const s = await registerUser(t);
    const odd = [[], 'text', null, { usernameOrEmail: ['a'], password: { x: 1 } }, { usernameOrEmail: 'a'.repeat(100_000), password: 'x' }];
    const routes: [string, string][] = [
      ['post', '/api/auth/login'],
      ['post', '/api/auth/register'],
      ['post', '/api/auth/refresh'],
      ['post', '/api/auth/logout'],
      ['patch', '/api/auth/me/profile'],
      ['patch', '/api/auth/me/password'],
      ['put', '/api/users/me/profile'],
    ];
    const serverErrors: string[] = [];
    for (const [method, url] of routes) {
      for (const body of odd) {
        const req = (t.http() as unknown as Record<string, (u: string) => Test>)[method](url).set(...bearer(s));
        const res = await req.set('Content-Type', 'application/json').send(JSON.stringify(body));
        if (res.status >= 500) serverErrors.push(`${method} ${url} ${JSON.stringify(body).slice(0, 40)} → ${res.status}`);
      }
    }
    expect(serverErrors).toEqual([]);
    const huge = await t
      .http()
      .post('/api/auth/register')
      .send({ username: ['x'], email: 'e'.repeat(100_000), password: 12345678, confirmPassword: 12345678 })
      .expect(400);
    expect(huge.body.details.map((d: { path: string }) => d.path).sort()).toEqual(['confirmPassword', 'email', 'password', 'username']);
    await t.http().post('/api/auth/login').set('Content-Type', 'application/json').send('{"broken":').expect(400);
  });
});

describe('auth at a configured password-hash cost (PASSWORD_HASH_*)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PASSWORD_HASH_MEMORY_KIB: '19456', PASSWORD_HASH_ITERATIONS: '2', PASSWORD_HASH_PARALLELISM: '1' });
  });
  afterAll(() => t.close());
  const storedHash = async (username: string) =>
    (await t.app.get(DataSource).getRepository(UserEntity).findOneByOrFail({ username })).passwordHash;

  it('hashes a registration and a password change at that cost, and signs in with either', async () => {
    const username = uniqueName('cost');
    const registered = await t
      .http()
      .post('/api/auth/register')
      .send({ username, email: `${username}@example.com`, password: 'password123', confirmPassword: 'password123' })
      .expect(201);
    expect(await storedHash(username)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    await t.http().post('/api/auth/login').send({ usernameOrEmail: username, password: 'password123' }).expect(200);
    await t
      .http()
      .patch('/api/auth/me/password')
      .set('Authorization', `Bearer ${registered.body.accessToken}`)
      .send({ currentPassword: 'password123', newPassword: 'newpassword1', confirmNewPassword: 'newpassword1' })
      .expect(200);
    expect(await storedHash(username)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    await t.http().post('/api/auth/login').send({ usernameOrEmail: username, password: 'newpassword1' }).expect(200);
  });

  it('signs in an account hashed at the default cost and stores it again at the configured one; refuses an unknown name alike', async () => {
    const { user } = await createAdmin(t);
    expect(await storedHash(user.username)).toMatch(/^\$argon2id\$v=19\$m=65536,t=3,p=4\$/);
    await t.http().post('/api/auth/login').send({ usernameOrEmail: user.username, password: TEST_PASSWORD }).expect(200);
    expect(await storedHash(user.username)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    await t.http().post('/api/auth/login').send({ usernameOrEmail: user.username, password: TEST_PASSWORD }).expect(200);
    await t.http().post('/api/auth/login').send({ usernameOrEmail: user.username, password: 'not-the-password' }).expect(401);
    const unknown = await t
      .http()
      .post('/api/auth/login')
      .send({ usernameOrEmail: uniqueName('nobody'), password: TEST_PASSWORD })
      .expect(401);
    expect(unknown.body.message).toBe('Invalid username/email or password.');
  });
});

import { JwtService } from '@nestjs/jwt';
import { bearer, createAdmin, createTestApp, problemBody, registerUser, TestApp } from '@oj/api-testing';
import { DataSource } from 'typeorm';

import { loadAppConfig } from '../../src/config/app-config';

/** Every secret default ever committed (`git log -p -S dev-access-secret`, `-S dev-refresh-secret`). */
const FORMER_DEFAULTS = ['dev-access-secret-change-me', 'dev-refresh-secret-change-me'];

// Several tests start extra API instances, which takes seconds on a loaded machine.
jest.setTimeout(60_000);

describe('token secrets on a default install', () => {
  let t: TestApp;
  const replicas: TestApp[] = [];
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    for (const replica of replicas) await replica.close();
    await t.close();
  });

  const replica = async () => {
    const app = await createTestApp({ DATABASE_URL: t.config.DATABASE_URL, REDIS_PREFIX: t.config.REDIS_PREFIX });
    replicas.push(app);
    return app;
  };

  it.each(FORMER_DEFAULTS)('refuses an admin token forged with the former default %s', async (secret) => {
    const admin = await createAdmin(t);
    const problem = (
      await t
        .http()
        .post('/api/problems')
        .set(...bearer(admin))
        .send(problemBody())
        .expect(201)
    ).body;
    // The attack: the admin's id is public as a problem's author; sign an admin token with the published secret.
    const authorId = (await t.http().get(`/api/problems/${problem.problemId}`).expect(200)).body.author.id;
    const forged = new JwtService().sign(
      { sub: authorId, username: admin.user.username, role: 'admin' },
      { secret, algorithm: 'HS256', expiresIn: '15m' },
    );
    await t.http().get('/api/admin/users').set('Authorization', `Bearer ${forged}`).expect(401);
    await t.http().post('/api/auth/refresh').send({ refreshToken: forged }).expect(401);
    await t
      .http()
      .get('/api/admin/users')
      .set(...bearer(admin))
      .expect(200);
  });

  it('generates the secret once and persists it: restarts and replicas sharing the database accept each other’s tokens', async () => {
    const user = await registerUser(t);
    const stored = await t.app.get(DataSource).query('SELECT name, length(value) AS length FROM app_secrets');
    expect(stored).toEqual([{ name: 'jwt-access', length: 64 }]);
    const [first, second] = await Promise.all([replica(), replica()]);
    for (const app of [first, second])
      await app
        .http()
        .get('/api/auth/me')
        .set(...bearer(user))
        .expect(200);
    const fromReplica = await registerUser(first);
    await t
      .http()
      .get('/api/auth/me')
      .set(...bearer(fromReplica))
      .expect(200);
  });

  it('gives another database its own secret', async () => {
    const elsewhere = await createTestApp();
    try {
      const here = await registerUser(t);
      await elsewhere
        .http()
        .get('/api/auth/me')
        .set(...bearer(here))
        .expect(401);
      // Each instance checks tokens with its own strategy and key, not the one built last in this process.
      await t
        .http()
        .get('/api/auth/me')
        .set(...bearer(here))
        .expect(200);
      await t
        .http()
        .get('/api/auth/me')
        .set(...bearer(await registerUser(elsewhere)))
        .expect(401);
    } finally {
      await elsewhere.close();
    }
  });

  it('signs with JWT_ACCESS_SECRET when it is set', async () => {
    const secret = 'an-operator-chosen-secret-0123456789';
    const own = await createTestApp({ JWT_ACCESS_SECRET: secret });
    try {
      const user = await registerUser(own);
      const claims = new JwtService().verify(user.accessToken, { secret, algorithms: ['HS256'] });
      expect(claims.sub).toBe(user.user.id);
      expect(await own.app.get(DataSource).query('SELECT name FROM app_secrets')).toEqual([]);
      // Only HS256 with that secret: the same claims under another algorithm, or none, are refused.
      const { iat: _iat, exp: _exp, ...payload } = claims;
      const [header, body] = user.accessToken.split('.');
      const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${body}.`;
      for (const token of [new JwtService().sign(payload, { secret, algorithm: 'HS512', expiresIn: '15m' }), unsigned])
        await own.http().get('/api/auth/me').set('Authorization', `Bearer ${token}`).expect(401);
      expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toMatchObject({ alg: 'HS256' });
      await own
        .http()
        .get('/api/auth/me')
        .set(...bearer(user))
        .expect(200);
    } finally {
      await own.close();
    }
  });

  it.each(FORMER_DEFAULTS)('refuses to start with the published value %s as secret', (secret) => {
    expect(() => loadAppConfig({ JWT_ACCESS_SECRET: secret })).toThrow(/JWT_ACCESS_SECRET: .*published/);
  });
});

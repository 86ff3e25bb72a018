import { createTestApp, TestApp } from '@oj/api-testing';
import { UserEntity } from '@oj/db';
import { DataSource } from 'typeorm';

import { configureApp, createApiApp } from '../../src/app-setup';
import { loadAppConfig } from '../../src/config/app-config';
import { DEFAULT_ADMIN_PASSWORD } from '../../src/config/known-passwords';
import { ensureAdminAccount, runAdminStep } from '../../src/users/ensure-admin';

const OWN_PASSWORD = 'a-production-password-1';

/**
 * An admin created in development with the built-in default password, kept in the database: a production start
 * refuses to run with it, whatever ADMIN_PASSWORD says, until it has a password of its own.
 */
describe('a production start with a default-password admin in the database', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(() => t?.close());

  /** The API as main.ts starts it, in production, on the test app's database. */
  async function startInProduction(): Promise<void> {
    const config = loadAppConfig({
      NODE_ENV: 'production',
      DATABASE_URL: t.config.DATABASE_URL,
      REDIS_URL: t.config.REDIS_URL,
      REDIS_PREFIX: t.config.REDIS_PREFIX,
      ADMIN_PASSWORD: OWN_PASSWORD,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'error',
    });
    const app = await createApiApp(config, { logger: false });
    configureApp(app, config);
    try {
      await app.init();
    } finally {
      await app.close();
    }
  }

  const users = () => t.app.get(DataSource).getRepository(UserEntity);

  it('refuses to start, naming the account, until the production admin step gives it ADMIN_PASSWORD', async () => {
    const ds = t.app.get(DataSource);
    // The first start of a development install: the admin step creates the account with the default password.
    const devadmin = { username: 'devadmin', email: 'devadmin@example.com', password: DEFAULT_ADMIN_PASSWORD };
    expect(await runAdminStep(ds, devadmin, false)).toEqual({ created: true, replacedDefault: false, usesDefaultPassword: true });
    const session = await t
      .http()
      .post('/api/auth/login')
      .send({ usernameOrEmail: 'devadmin', password: DEFAULT_ADMIN_PASSWORD })
      .expect(200);

    await expect(startInProduction()).rejects.toThrow(
      "Refusing to start in production: admin account 'devadmin' still has the built-in default password.",
    );

    // The production admin step, with the operator's ADMIN_PASSWORD: the default goes, and the old sessions with it.
    const production = { ...devadmin, password: OWN_PASSWORD };
    expect(await runAdminStep(ds, production, true)).toEqual({ created: false, replacedDefault: true, usesDefaultPassword: false });
    expect(await runAdminStep(ds, production, true)).toEqual({ created: false, replacedDefault: false, usesDefaultPassword: false });
    await expect(startInProduction()).resolves.toBeUndefined();
    await t.http().post('/api/auth/login').send({ usernameOrEmail: 'devadmin', password: DEFAULT_ADMIN_PASSWORD }).expect(401);
    await t.http().post('/api/auth/login').send({ usernameOrEmail: 'devadmin', password: OWN_PASSWORD }).expect(200);
    await t.http().get('/api/auth/me').set('Authorization', `Bearer ${session.body.accessToken}`).expect(401);
    await t.http().post('/api/auth/refresh').send({ refreshToken: session.body.refreshToken }).expect(401);
  }, 60_000);

  it('counts a deactivated admin, whom another admin could reactivate, and not a user with that password', async () => {
    const { user } = await ensureAdminAccount(t.app.get(DataSource), {
      username: 'dormant',
      email: 'dormant@example.com',
      password: DEFAULT_ADMIN_PASSWORD,
    });
    await users().update({ id: user.id }, { isActive: false });
    await expect(startInProduction()).rejects.toThrow("admin account 'dormant' still has the built-in default password");

    await users().update({ id: user.id }, { role: 'user' });
    await expect(startInProduction()).resolves.toBeUndefined();
  }, 60_000);
});

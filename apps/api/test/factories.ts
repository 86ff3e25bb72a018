import { Role } from '@oj/contracts';
import { UserEntity } from '@oj/db';
import { randomBytes } from 'crypto';
import { DataSource } from 'typeorm';

import { hashPassword } from '../src/users/password-hasher';
import { TestApp } from './test-app';

export interface TestSession {
  user: { id: string; username: string; email: string; role: Role };
  accessToken: string;
  refreshToken: string;
  password: string;
}

export const TEST_PASSWORD = 'password123';

export function uniqueName(prefix = 'user'): string {
  return `${prefix}_${randomBytes(4).toString('hex')}`;
}

/** Registers a user through the API and returns its session. */
export async function registerUser(
  t: TestApp,
  overrides: { username?: string; email?: string; password?: string } = {},
): Promise<TestSession> {
  const username = overrides.username ?? uniqueName();
  const password = overrides.password ?? TEST_PASSWORD;
  const res = await t
    .http()
    .post('/api/auth/register')
    .send({ username, email: overrides.email ?? `${username}@example.com`, password, confirmPassword: password })
    .expect(201);
  return { ...res.body, password };
}

/**
 * The argon2id hash of TEST_PASSWORD, computed once per test file: each hash costs about 150 ms of CPU, and the
 * accounts inserted directly only need a hash the login accepts (registering through the API still hashes anew).
 */
let testPasswordHash: Promise<string> | undefined;

/** Inserts an account with the given role directly, then logs in through the API. */
export async function createUserWithRole(t: TestApp, role: Role, username = uniqueName(role)): Promise<TestSession> {
  const users = t.app.get(DataSource).getRepository(UserEntity);
  testPasswordHash ??= hashPassword(TEST_PASSWORD);
  await users.save(users.create({ username, email: `${username}@example.com`, passwordHash: await testPasswordHash, role }));
  const res = await t.http().post('/api/auth/login').send({ usernameOrEmail: username, password: TEST_PASSWORD }).expect(200);
  return { ...res.body, password: TEST_PASSWORD };
}

export function createAdmin(t: TestApp, username?: string): Promise<TestSession> {
  return createUserWithRole(t, 'admin', username);
}

export function bearer(session: TestSession): [string, string] {
  return ['Authorization', `Bearer ${session.accessToken}`];
}

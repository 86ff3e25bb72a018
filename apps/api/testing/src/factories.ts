import { Role } from '@oj/contracts';
import { UserEntity } from '@oj/db';
import { randomBytes } from 'crypto';
import { DataSource } from 'typeorm';

import { TokenService } from '../../src/auth/token.service';
import { toUserResponse } from '../../src/users/dto/user-response.dto';
import { hashPassword } from '../../src/users/password-hasher';
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

/** An argon2id hash of TEST_PASSWORD (hashPassword's parameters), made once for every run. */
const TEST_PASSWORD_HASH = '$argon2id$v=19$m=65536,t=3,p=4$S4prNnrsXZ1Pj+x7u8niyw$LnQNm89EgMM4ArcOVqY+0R0Kpkah2OpicsqsT5GGz/M';

/**
 * argon2id hashes of the test passwords, computed once per test file and password (TEST_PASSWORD's once for all):
 * each costs about 0.27 s of CPU, and the accounts made here only need a hash the login accepts.
 */
const passwordHashes = new Map<string, Promise<string>>([[TEST_PASSWORD, Promise.resolve(TEST_PASSWORD_HASH)]]);

function hashOnce(password: string): Promise<string> {
  let hash = passwordHashes.get(password);
  if (!hash) passwordHashes.set(password, (hash = hashPassword(password)));
  return hash;
}

/**
 * Inserts an account and returns the session a login would answer, issued by the app's own TokenService without
 * login's password check (argon2 again). Registration and login themselves are tested through HTTP in auth tests.
 */
async function createAccount(t: TestApp, role: Role, username: string, email: string, password: string): Promise<TestSession> {
  const users = t.app.get(DataSource).getRepository(UserEntity);
  const user = await users.save(users.create({ username, email, passwordHash: await hashOnce(password), role }));
  return { ...(await t.app.get(TokenService).issue(user)), user: toUserResponse(user), password };
}

/** A new regular user (as registering answers) with its session. */
export function registerUser(t: TestApp, overrides: { username?: string; email?: string; password?: string } = {}): Promise<TestSession> {
  const username = overrides.username ?? uniqueName();
  return createAccount(t, 'user', username, overrides.email ?? `${username}@example.com`, overrides.password ?? TEST_PASSWORD);
}

/** A new account with the given role, and its session. */
export function createUserWithRole(t: TestApp, role: Role, username = uniqueName(role)): Promise<TestSession> {
  return createAccount(t, role, username, `${username}@example.com`, TEST_PASSWORD);
}

export function createAdmin(t: TestApp, username?: string): Promise<TestSession> {
  return createUserWithRole(t, 'admin', username);
}

export function bearer(session: TestSession): [string, string] {
  return ['Authorization', `Bearer ${session.accessToken}`];
}

import { RefreshTokenEntity, UserEntity } from '@oj/db';
import { DataSource, IsNull } from 'typeorm';

import { DEFAULT_ADMIN_PASSWORD } from '../config/known-passwords';
import { hashPassword, PasswordHashCost, verifyPassword } from './password-hasher';

export interface AdminAccount {
  username: string;
  email: string;
  password: string;
  /** What hashing its password costs (PASSWORD_HASH_*; the default cost when absent). */
  passwordHashCost?: PasswordHashCost;
}

/** Creates the admin account when no user of that name exists; never touches an existing account. */
export async function ensureAdminAccount(dataSource: DataSource, admin: AdminAccount): Promise<{ created: boolean; user: UserEntity }> {
  const users = dataSource.getRepository(UserEntity);
  const existing = await users.createQueryBuilder('u').where('lower(u.username) = lower(:name)', { name: admin.username }).getOne();
  if (existing) return { created: false, user: existing };
  const user = await users.save(
    users.create({
      username: admin.username,
      email: admin.email,
      passwordHash: await hashPassword(admin.password, admin.passwordHashCost),
      role: 'admin',
    }),
  );
  return { created: true, user };
}

export interface AdminStep {
  created: boolean;
  /** In production, the account had the built-in default password and now has ADMIN_PASSWORD. */
  replacedDefault: boolean;
  /** The account still opens with the built-in default password (a development install's first start). */
  usesDefaultPassword: boolean;
}

/**
 * The admin step of `npm start` and the compose `migrate` job: creates ADMIN_USERNAME when missing. In production
 * it also gives that account ADMIN_PASSWORD (which the configuration never lets be the default) when it still has
 * the default password, kept from development: the API would refuse to start with it (DefaultPasswordGate).
 */
export async function runAdminStep(dataSource: DataSource, admin: AdminAccount, production: boolean): Promise<AdminStep> {
  const { created, user } = await ensureAdminAccount(dataSource, admin);
  const usesDefaultPassword = await verifyPassword(user.passwordHash, DEFAULT_ADMIN_PASSWORD);
  if (!usesDefaultPassword || !production) return { created, replacedDefault: false, usesDefaultPassword };
  await replacePassword(dataSource, user, admin);
  return { created, replacedDefault: true, usesDefaultPassword: false };
}

/**
 * Gives an account a new password and signs it out everywhere, as a password change does: its raised token
 * version ends the access tokens, and its refresh tokens are revoked.
 */
async function replacePassword(dataSource: DataSource, user: UserEntity, admin: AdminAccount): Promise<void> {
  const passwordHash = await hashPassword(admin.password, admin.passwordHashCost);
  await dataSource.transaction(async (manager) => {
    await manager.update(UserEntity, { id: user.id }, { passwordHash, tokenVersion: () => 'token_version + 1' });
    await manager.update(RefreshTokenEntity, { userId: user.id, revokedAt: IsNull() }, { revokedAt: new Date() });
  });
}

import { RefreshTokenEntity, UserEntity } from '@oj/db';
import { DataSource, IsNull } from 'typeorm';

import { hashPassword } from './password-hasher';

export interface AdminAccount {
  username: string;
  email: string;
  password: string;
}

/** Creates the admin account when no user of that name exists; never touches an existing account. */
export async function ensureAdminAccount(dataSource: DataSource, admin: AdminAccount): Promise<{ created: boolean; user: UserEntity }> {
  const users = dataSource.getRepository(UserEntity);
  const existing = await users.createQueryBuilder('u').where('lower(u.username) = lower(:name)', { name: admin.username }).getOne();
  if (existing) return { created: false, user: existing };
  const user = await users.save(
    users.create({ username: admin.username, email: admin.email, passwordHash: await hashPassword(admin.password), role: 'admin' }),
  );
  return { created: true, user };
}

/**
 * Gives an account a new password and signs it out everywhere, as a password change does: its raised token
 * version ends the access tokens, and its refresh tokens are revoked. For the admin step in production, which
 * replaces a default password left from development by ADMIN_PASSWORD.
 */
export async function replacePassword(dataSource: DataSource, user: UserEntity, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await dataSource.transaction(async (manager) => {
    await manager.update(UserEntity, { id: user.id }, { passwordHash, tokenVersion: () => 'token_version + 1' });
    await manager.update(RefreshTokenEntity, { userId: user.id, revokedAt: IsNull() }, { revokedAt: new Date() });
  });
}

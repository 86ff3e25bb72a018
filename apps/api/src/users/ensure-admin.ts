import { UserEntity } from '@oj/db';
import { DataSource } from 'typeorm';

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

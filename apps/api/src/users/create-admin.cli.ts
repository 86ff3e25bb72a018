import 'reflect-metadata';

import { createDataSource } from '@oj/db';

import { loadAppConfig } from '../config/app-config';
import { DEFAULT_ADMIN_PASSWORD } from '../config/known-passwords';
import { ensureAdminAccount, replacePassword } from './ensure-admin';
import { verifyPassword } from './password-hasher';

/**
 * `npm start` step: creates ADMIN_USERNAME when missing (in production, replaces its default password by
 * ADMIN_PASSWORD), and tells npm start (over its IPC channel, when it has one)
 * whether that account still opens with the default password, so the ready box prints it only while it works.
 */
async function main(): Promise<void> {
  const config = loadAppConfig();
  const dataSource = createDataSource(config.DATABASE_URL);
  await dataSource.initialize();
  try {
    const { created, user } = await ensureAdminAccount(dataSource, {
      username: config.ADMIN_USERNAME,
      email: config.ADMIN_EMAIL,
      password: config.ADMIN_PASSWORD,
    });
    console.log(created ? `Created admin account '${config.ADMIN_USERNAME}'.` : `Admin account '${config.ADMIN_USERNAME}' exists.`);
    let usesDefaultPassword = await verifyPassword(user.passwordHash, DEFAULT_ADMIN_PASSWORD);
    // Production's ADMIN_PASSWORD is never the default (the configuration refuses it): it replaces a default
    // password kept from development, which would stop the API from starting.
    if (usesDefaultPassword && config.NODE_ENV === 'production') {
      await replacePassword(dataSource, user, config.ADMIN_PASSWORD);
      usesDefaultPassword = false;
      console.log(`Admin account '${config.ADMIN_USERNAME}' had the built-in default password; it now has ADMIN_PASSWORD.`);
    }
    await new Promise<void>((resolve) =>
      process.send ? process.send({ type: 'admin', usesDefaultPassword }, () => resolve()) : resolve(),
    );
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error) => {
  console.error(`Could not create the admin account: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});

import 'reflect-metadata';

import { createDataSource } from '@oj/db';

import { loadAppConfig } from '../config/app-config';
import { runAdminStep } from './ensure-admin';

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
    const account = {
      username: config.ADMIN_USERNAME,
      email: config.ADMIN_EMAIL,
      password: config.ADMIN_PASSWORD,
      passwordHashCost: config.passwordHashCost,
    };
    const { created, replacedDefault, usesDefaultPassword } = await runAdminStep(dataSource, account, config.NODE_ENV === 'production');
    console.log(created ? `Created admin account '${config.ADMIN_USERNAME}'.` : `Admin account '${config.ADMIN_USERNAME}' exists.`);
    if (replacedDefault)
      console.log(`Admin account '${config.ADMIN_USERNAME}' had the built-in default password; it now has ADMIN_PASSWORD.`);
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

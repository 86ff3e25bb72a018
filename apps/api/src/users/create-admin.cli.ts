import 'reflect-metadata';

import { createDataSource } from '@oj/db';

import { loadAppConfig } from '../config/app-config';
import { ensureAdminAccount } from './ensure-admin';

/** `npm start` step: creates ADMIN_USERNAME when missing. */
async function main(): Promise<void> {
  const config = loadAppConfig();
  const dataSource = createDataSource(config.DATABASE_URL);
  await dataSource.initialize();
  try {
    const { created } = await ensureAdminAccount(dataSource, {
      username: config.ADMIN_USERNAME,
      email: config.ADMIN_EMAIL,
      password: config.ADMIN_PASSWORD,
    });
    console.log(created ? `Created admin account '${config.ADMIN_USERNAME}'.` : `Admin account '${config.ADMIN_USERNAME}' exists.`);
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error) => {
  console.error(`Could not create the admin account: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});

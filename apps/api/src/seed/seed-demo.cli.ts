import 'reflect-metadata';

import { createDataSource, UserEntity } from '@oj/db';

import { loadAppConfig } from '../config/app-config';
import { seedDemoContent } from './seed-demo';

/** `npm start` step: seeds demo content on an empty site unless SEED_DEMO=false. */
async function main(): Promise<void> {
  const config = loadAppConfig();
  if (!config.SEED_DEMO) return console.log('Demo content disabled (SEED_DEMO=false).');
  const dataSource = createDataSource(config.DATABASE_URL);
  await dataSource.initialize();
  try {
    const admin = await dataSource
      .getRepository(UserEntity)
      .createQueryBuilder('u')
      .where('lower(u.username) = lower(:name)', { name: config.ADMIN_USERNAME })
      .getOne();
    const seeded = await seedDemoContent(dataSource, { adminId: admin?.id ?? null });
    console.log(seeded ? 'Seeded demo problems and a welcome announcement.' : 'Site has content; demo seeding skipped.');
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error) => {
  console.error(`Could not seed demo content: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});

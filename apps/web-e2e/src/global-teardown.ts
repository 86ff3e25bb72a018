import Redis from 'ioredis';
import { Client } from 'pg';

import { appUnderTest } from './app-under-test';

/** Stops the application (its whole process group), drops its database and removes its Redis keys. */
export default async function globalTeardown(): Promise<void> {
  const app = appUnderTest();
  try {
    process.kill(-app.pid, 'SIGTERM');
  } catch {
    // already stopped
  }
  await new Promise((r) => setTimeout(r, 2000));
  try {
    process.kill(-app.pid, 'SIGKILL');
  } catch {
    // stopped cleanly
  }
  const url = new URL(app.databaseUrl);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await client.end();
  const redis = new Redis(app.redis.url);
  try {
    const keys = await redis.keys(`${app.redis.prefix}*`);
    if (keys.length) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

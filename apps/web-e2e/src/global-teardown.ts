import { Client } from 'pg';

import { appUnderTest } from './app-under-test';

/** Stops the application (its whole process group) and drops its database. */
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
}

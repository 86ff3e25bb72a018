import { Client } from 'pg';

/** Database name of a postgres URL. */
export function databaseName(databaseUrl: string): string {
  return decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\//, ''));
}

function maintenanceUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.pathname = '/postgres';
  return url.toString();
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Creates the database of `databaseUrl` when it does not exist yet (first start). */
export async function ensureDatabase(databaseUrl: string): Promise<boolean> {
  const name = databaseName(databaseUrl);
  const client = new Client({ connectionString: maintenanceUrl(databaseUrl) });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return false;
    await client.query(`CREATE DATABASE ${quoteIdent(name)}`);
    return true;
  } finally {
    await client.end();
  }
}

/** Drops a database (tests use it to remove the database they created). */
export async function dropDatabase(databaseUrl: string): Promise<void> {
  const client = new Client({ connectionString: maintenanceUrl(databaseUrl) });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(databaseName(databaseUrl))} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/** Runs pending migrations; returns the names applied. */
export async function migrate(databaseUrl: string): Promise<string[]> {
  const { createDataSource } = await import('./data-source');
  await ensureDatabase(databaseUrl);
  const ds = createDataSource(databaseUrl);
  await ds.initialize();
  try {
    const applied = await ds.runMigrations({ transaction: 'each' });
    return applied.map((m) => m.name);
  } finally {
    await ds.destroy();
  }
}

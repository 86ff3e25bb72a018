import { randomBytes } from 'crypto';

/**
 * A database of its own for one spec file, on the server DATABASE_URL names (the local one by default): the spec
 * migrates it first and drops it last, so no two files, nor two runs, share one.
 */
export function freshDatabaseUrl(prefix = 'oj_db_test'): string {
  const url = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = `/${prefix}_${randomBytes(4).toString('hex')}`;
  return url.toString();
}

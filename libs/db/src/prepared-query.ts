import { createHash } from 'crypto';
import type { Pool, QueryResultRow } from 'pg';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';

/** The statement's name: the same text always gets the same name, and no two texts share one. */
function statementName(text: string): string {
  return `oj_${createHash('sha1').update(text).digest('hex')}`;
}

/**
 * Runs a read served on every request or submission (a page view, a signed-in caller's account, a grading's
 * submission) as a named prepared statement on TypeORM's own pool: each connection has PostgreSQL parse and plan it
 * once instead of on every call (for the problem list, a third more queries per second on a 2-core machine). `text`
 * holds placeholders only, never values, so the number of statements a connection keeps stays the number of query
 * shapes. Reads only, outside transactions.
 */
export async function queryPrepared<R extends QueryResultRow>(dataSource: DataSource, text: string, values: unknown[]): Promise<R[]> {
  const pool = (dataSource.driver as PostgresDriver).master as Pool;
  const { rows } = await pool.query<R>({ name: statementName(text), text, values });
  return rows;
}

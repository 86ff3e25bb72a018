import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Board rows are vacuumed after 100 changed rows, not PostgreSQL's default of 50 plus a fifth of the table (2,050 at
 * 10,000 participants). Every verdict rewrites its participant's row, and a page is found by walking the ranking
 * index (an index-only scan): once a row's heap page is no longer marked all-visible, each index entry on it costs a
 * heap visit, and each dead entry a visit more until it is marked. After 720 rows rewritten on a 10,000-row board,
 * page 100's rank statement took 4–7 ms on its first read and 3.1 ms after, until a vacuum: 2.0 ms (bench/BENCHMARKS.md
 * "Contests"). API reads now slice a ranking kept in memory (BoardOrder); CLICS and first reads of a ranking still
 * walk the index. Autovacuum looks at most once a minute (autovacuum_naptime), so a board's pages are marked visible again
 * within a minute of 100 rewritten rows, at the cost of vacuuming a few hundred pages.
 */
export class ContestRowsAutovacuum1764990000000 implements MigrationInterface {
  name = 'ContestRowsAutovacuum1764990000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE contest_participations SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 100)`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE contest_participations RESET (autovacuum_vacuum_scale_factor, autovacuum_vacuum_threshold)`);
  }
}

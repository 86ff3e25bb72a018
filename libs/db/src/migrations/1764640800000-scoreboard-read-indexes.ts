import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The scoreboard read at 10,000 participants (bench/contests/scoreboard.js, EXPLAIN ANALYZE there):
 * - a page is the rows in ranking order then `id` (scoreboard.queries.ts rankedRowsSql); without `id` in the rows'
 *   indexes, page 100 sorted every row of the contest (15 ms). They end in `id` now.
 * - the first solvers of a frozen board (firstSolversSql, public fold) take the earliest publicly solved cell of
 *   each problem through an index of their own, as the live fold does; without it a frozen read sorted every solved
 *   cell (240 ms).
 */
export class ScoreboardReadIndexes1764640800000 implements MigrationInterface {
  name = 'ScoreboardReadIndexes1764640800000';

  public async up(q: QueryRunner): Promise<void> {
    await this.rowIndexes(q, ', id');
    await q.query(
      `CREATE INDEX contest_cells_public_problem_idx ON contest_cells (contest_id, problem_id, public_minute) WHERE public_solved`,
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX contest_cells_public_problem_idx`);
    await this.rowIndexes(q, '');
  }

  /** The four ranking indexes of the contests migration, rebuilt with `tail` after their keys. */
  private async rowIndexes(q: QueryRunner, tail: string): Promise<void> {
    const keys: Record<string, string> = {
      contest_rows_solved_idx: 'solved DESC, penalty, last_ac_minute',
      contest_rows_score_idx: 'score DESC, penalty',
      contest_rows_public_solved_idx: 'public_solved DESC, public_penalty, public_last_ac_minute',
      contest_rows_public_score_idx: 'public_score DESC, public_penalty',
    };
    for (const [name, columns] of Object.entries(keys)) {
      await q.query(`DROP INDEX ${name}`);
      await q.query(`CREATE INDEX ${name} ON contest_participations (contest_id, kind, ${columns}${tail})`);
    }
  }
}

import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The first solvers of a frozen board (scoreboard.queries.ts firstSolversSql, public fold): the earliest publicly
 * solved cell of each problem, found like the live one through contest_cells_problem_idx. Without it a frozen
 * read sorted every solved cell of the contest (240 ms at 10,000 participants × 26 problems, bench/contests).
 */
export class FirstSolversIndex1764640800000 implements MigrationInterface {
  name = 'FirstSolversIndex1764640800000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX contest_cells_public_problem_idx ON contest_cells (contest_id, problem_id, public_minute) WHERE public_solved`,
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX contest_cells_public_problem_idx`);
  }
}

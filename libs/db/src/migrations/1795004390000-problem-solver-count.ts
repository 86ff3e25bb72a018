import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The archive's "Solves" counts people (issue 33, defect 13): each problem keeps the number of distinct users with an
 * accepted result its counters count, maintained beside them (final-result.ts, contest-freeze.ts) and filled here from
 * the rows. The partial index finds a user's other accepted submissions to a problem, and counts a problem's solvers.
 */
export class ProblemSolverCount1795004390000 implements MigrationInterface {
  name = 'ProblemSolverCount1795004390000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX submissions_problem_solver_idx ON submissions (problem_id, user_id) WHERE counted_status = 'accepted'`);
    await q.query(`ALTER TABLE problems ADD COLUMN solver_count integer NOT NULL DEFAULT 0`);
    await q.query(
      `UPDATE problems pr SET solver_count = (SELECT count(DISTINCT s.user_id) FROM submissions s
         WHERE s.problem_id = pr.problem_id AND s.counted_status = 'accepted' AND NOT s.frozen
           AND NOT EXISTS (SELECT 1 FROM contest_participations vp WHERE vp.id = s.participation_id AND vp.kind = 'virtual'))`,
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE problems DROP COLUMN solver_count`);
    await q.query(`DROP INDEX submissions_problem_solver_idx`);
  }
}

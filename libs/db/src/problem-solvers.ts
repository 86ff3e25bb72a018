import type { EntityManager } from 'typeorm';

/**
 * Whether submission `s` makes its user a solver of its problem: an accepted result that the problem's counters count,
 * so not one hidden by a contest's freeze, nor a virtual run's (writeFinalResult).
 */
const SOLVING_SQL = `s.counted_status = 'accepted' AND NOT s.frozen
  AND NOT EXISTS (SELECT 1 FROM contest_participations vp WHERE vp.id = s.participation_id AND vp.kind = 'virtual')`;

/** The number of users with a solving submission to the problem whose id is the SQL expression `problemId`. */
export const solverCountSql = (problemId: string) =>
  `(SELECT count(DISTINCT s.user_id)::int FROM submissions s WHERE s.problem_id = ${problemId} AND ${SOLVING_SQL})`;

/**
 * Moves a problem's solver count after one counted submission of a user gained (+1) or lost (-1) an accepted result,
 * when no other submission of theirs already makes them a solver. The caller holds the problem row's lock, so two
 * results of the same user cannot both see "no other".
 */
export async function moveSolverCount(
  manager: EntityManager,
  change: { problemId: number; userId: string; submissionId: string; delta: 1 | -1 },
): Promise<void> {
  await manager.query(
    `UPDATE problems SET solver_count = solver_count + $4 WHERE problem_id = $1
       AND NOT EXISTS (SELECT 1 FROM submissions s WHERE s.problem_id = $1 AND s.user_id = $2 AND s.id <> $3 AND ${SOLVING_SQL})`,
    [change.problemId, change.userId, change.submissionId, change.delta],
  );
}

/** Counts the solvers of the given problems again (after a freeze or an unfreeze moved many results at once). */
export async function recountSolvers(manager: EntityManager, problemIdsSql: string, parameters: unknown[]): Promise<void> {
  await manager.query(
    `UPDATE problems pr SET solver_count = ${solverCountSql('pr.problem_id')} WHERE pr.problem_id IN (${problemIdsSql})`,
    parameters,
  );
}

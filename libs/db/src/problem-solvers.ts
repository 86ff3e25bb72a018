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
 * The change of a problem's solver count after one counted submission of a user gained (+1) or lost (-1) an accepted
 * result: the change, when no other submission of theirs already makes them a solver, else 0. SQL placeholders
 * name the problem, the user, the submission and the change (an integer). The caller holds the problem row's lock,
 * so two results of the same user cannot both see "no other".
 */
export const solverCountChangeSql = (problemId: string, userId: string, submissionId: string, change: string) =>
  `CASE WHEN ${change} <> 0 AND ${userId} IS NOT NULL AND NOT EXISTS (SELECT 1 FROM submissions s
     WHERE s.problem_id = ${problemId} AND s.user_id = ${userId} AND s.id <> ${submissionId} AND ${SOLVING_SQL})
   THEN ${change} ELSE 0 END`;

/** Counts the solvers of the given problems again (after a freeze or an unfreeze moved many results at once). */
export async function recountSolvers(manager: EntityManager, problemIdsSql: string, parameters: unknown[]): Promise<void> {
  await manager.query(
    `UPDATE problems pr SET solver_count = ${solverCountSql('pr.problem_id')} WHERE pr.problem_id IN (${problemIdsSql})`,
    parameters,
  );
}

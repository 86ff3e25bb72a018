import type { EntityManager } from 'typeorm';

import { recountSolvers } from './problem-solvers';

/**
 * The contest freeze in SQL: its one home (the TypeScript form is libs/contracts contests/freeze.ts, and
 * contest-freeze.spec.ts proves the two agree on PostgreSQL). The instant itself is the database function
 * `contest_results_hidden_from` (migration ContestFreezeRule1796040000000), which the insert trigger of
 * `submissions.frozen` calls too; the conditions around it are written here once. Aliases: submissions `s`,
 * participations `p`, contests `c`.
 */
export const RESULTS_HIDDEN_FROM_SQL = 'contest_results_hidden_from(c.format, c.starts_at, c.ends_at, c.freeze_minutes)';

/** Whether the public fold leaves result `s` out (an unfreeze aside): isHiddenOnPublicFold. */
export const HIDDEN_ON_PUBLIC_FOLD_SQL = `p.kind = 'official' AND s.created_at >= ${RESULTS_HIDDEN_FROM_SQL}`;

/**
 * Whether result `s` is hidden now, the board not unfrozen: isResultFrozen, as `submissions.frozen` stores it. The
 * column is kept (by the insert trigger and syncFrozenResults) rather than derived per read: every submission list,
 * count and stream asks it of a row alone, without joining the row's participation and contest.
 */
export const FROZEN_RESULT_SQL = `c.unfrozen_at IS NULL AND ${HIDDEN_ON_PUBLIC_FOLD_SQL}`;

/**
 * Sets `frozen` on every submission of the contest from the contest as it is now (`revealAll`: shows them all,
 * before the contest is deleted), and moves the problems' counters by what changed: a frozen result is held back
 * from its problem's counters (writeFinalResult), so the counters always equal a count of the unfrozen counted
 * rows (the solver counts, of their distinct users). The problems are locked first, in order, as writeFinalResult and a rejudge lock them before their
 * submissions. Changed rows get a new updated_at, so the updates polls deliver the revealed results.
 */
export async function syncFrozenResults(manager: EntityManager, contestId: number, revealAll = false): Promise<void> {
  await manager.query(
    `SELECT 1 FROM problems WHERE problem_id IN (SELECT DISTINCT problem_id FROM submissions WHERE contest_id = $1)
      ORDER BY problem_id FOR NO KEY UPDATE`,
    [contestId],
  );
  await manager.query(
    `WITH target AS (
       SELECT s.id, coalesce(NOT $2 AND ${FROZEN_RESULT_SQL}, false) AS frozen
         FROM submissions s
         LEFT JOIN contest_participations p ON p.id = s.participation_id
         LEFT JOIN contests c ON c.contest_id = p.contest_id
        WHERE s.contest_id = $1
     ), changed AS (
       UPDATE submissions s SET frozen = t.frozen, updated_at = now() FROM target t
        WHERE s.id = t.id AND s.frozen <> t.frozen
       RETURNING s.problem_id, s.counted_status, t.frozen
     ), delta AS (
       SELECT problem_id,
              sum(CASE WHEN frozen THEN -1 ELSE 1 END) FILTER (WHERE counted_status IS NOT NULL) AS counted,
              sum(CASE WHEN frozen THEN -1 ELSE 1 END) FILTER (WHERE counted_status = 'accepted') AS accepted
         FROM changed GROUP BY problem_id
     )
     UPDATE problems pr SET submission_count = submission_count + coalesce(d.counted, 0),
            accepted_submission_count = accepted_submission_count + coalesce(d.accepted, 0)
       FROM delta d WHERE pr.problem_id = d.problem_id`,
    [contestId, revealAll],
  );
  // Whether a result makes a solver depends on the user's other results too: the contest's problems are counted again.
  await recountSolvers(manager, 'SELECT DISTINCT problem_id FROM submissions WHERE contest_id = $1', [contestId]);
}

import { firstFailedTestNumber, GradeResult, SubmissionStatus, VERDICT_BY_STATUS } from '@oj/contracts';
import { DataSource } from 'typeorm';

import { refoldContestCell } from './contest-board';
import { queryPrepared } from './prepared-query';
import { solverCountChangeSql } from './problem-solvers';
import { ratedAndFinalSql } from './ratings';
import { FinalResultColumns } from './submission-row';

/**
 * Writes the final result of a submission's judge round and counts it in its problem's counters, in one
 * transaction and only if that round has no result yet (`counted_at IS NULL`, `judge_round = round`). A grading
 * that finishes late, after a stalled job was handed on or failed, or after the submission was rejudged, finds
 * the row taken and writes nothing: the row, the counters and the live events all tell one result per round.
 * A rejudged submission is already in the counters (`counted_status`): its new result replaces that
 * contribution, so the counters always equal a count of the rows (and the solver count, of their distinct users). A result hidden by its contest's freeze
 * (`frozen`) stays out of the counters until the unfreeze adds it (contest-freeze.ts), and a virtual run's results
 * stay out of them for good. A contest submission's board cell and row totals
 * are re-folded in the same transaction (contest-board.ts), so the board always equals a fold of the results.
 * Returns whether this call wrote it.
 */
export async function writeFinalResult(
  dataSource: DataSource,
  submissionId: string,
  problemId: number,
  result: GradeResult,
  round = 0,
): Promise<boolean> {
  return (await writeFinalResultColumns(dataSource, submissionId, problemId, result, round)) !== null;
}

/**
 * What writeFinalResultColumns wrote: the row's columns it set, and whether the result counts in a rated contest
 * whose results are final (an official participant's, after the end and any unfreeze: a rejudge's, or one graded
 * late), which may change its rating standings.
 */
export type FinalResultWrite = FinalResultColumns & { ratedContestFinal: boolean };

/**
 * writeFinalResult, answering with the row's columns it set (null when it wrote nothing): the worker's final live
 * event is its running row with these (see withFinalResult), without reading the row again; for a result that counts
 * in a rated contest's final standings, the worker then asks for a ratings recompute.
 */
export async function writeFinalResultColumns(
  dataSource: DataSource,
  submissionId: string,
  problemId: number,
  result: GradeResult,
  round = 0,
): Promise<FinalResultWrite | null> {
  return dataSource.transaction(async (manager) => {
    // The row lock makes a concurrent write of the same round wait, then find counted_at set and write nothing.
    // The problem row is locked first, as a rejudge and a visibility change take it before its submissions (locking
    // the submission first deadlocked with them): an uncorrelated subquery in the filter is evaluated before the
    // scan hands any submission row up to be locked. It serialises nothing more, as the counters below lock it anyway.
    const [open] = await queryPrepared<{
      counted_status: SubmissionStatus | null;
      participation_id: string | null;
      user_id: string | null;
      frozen: boolean;
      virtual: boolean;
      rated_final: boolean;
    }>(
      manager,
      `SELECT s.counted_status, s.participation_id, s.user_id, s.frozen, coalesce(p.kind = 'virtual', false) AS virtual,
              coalesce(p.kind = 'official' AND ${ratedAndFinalSql('c', 'now()')}, false) AS rated_final
         FROM submissions s LEFT JOIN contest_participations p ON p.id = s.participation_id
         LEFT JOIN contests c ON c.contest_id = p.contest_id
         WHERE s.id = $1 AND s.counted_at IS NULL AND s.judge_round = $2
           AND (SELECT true FROM problems WHERE problem_id = $3 FOR NO KEY UPDATE)
         FOR UPDATE OF s`,
      [submissionId, round, problemId],
    );
    if (!open) return null;
    const columns = {
      status: result.status,
      verdict: VERDICT_BY_STATUS[result.status],
      score: result.score,
      runtimeMs: result.runtimeMs,
      memoryKB: result.memoryKB,
      failedTest: firstFailedTestNumber(result.testCaseResults),
    };
    const summary = {
      score: result.score,
      earnedPoints: result.earnedPoints,
      totalPoints: result.totalPoints,
      cases: result.testCaseResults,
      ...(result.message ? { message: result.message } : {}),
      ...(result.subtasks ? { subtasks: result.subtasks } : {}),
    };
    const accepted = (status: SubmissionStatus | null) => (status === 'accepted' ? 1 : 0);
    const acceptedDelta = accepted(result.status) - accepted(open.counted_status);
    // A virtual run replays a past contest for its owner alone, and a frozen result waits for the unfreeze. The
    // solvers (people, not accepted submissions) move only with a user's first or last accepted result.
    const counts = !open.virtual && !open.frozen;
    // The result and the counters in one statement: one round trip between the lock and the commit.
    const [stamps] = await queryPrepared<{ finished_at: Date; updated_at: Date }>(
      manager,
      `WITH counters AS (
         UPDATE problems SET submission_count = submission_count + $11, accepted_submission_count = accepted_submission_count + $12,
                solver_count = solver_count + ${solverCountChangeSql('$10', '$13::uuid', '$1', '$12::int')}
          WHERE problem_id = $10 AND $14::boolean)
       UPDATE submissions SET status = $2, verdict = $3, score = $4, runtime_ms = $5, memory_kb = $6, failed_test = $7,
              test_case_results = $8::jsonb, result_summary = $9::jsonb, finished_at = $15, counted_at = now(),
              counted_status = $2, updated_at = CURRENT_TIMESTAMP
        WHERE id = $1
        RETURNING finished_at, updated_at`,
      [
        submissionId,
        columns.status,
        columns.verdict,
        columns.score,
        columns.runtimeMs,
        columns.memoryKB,
        columns.failedTest,
        JSON.stringify(result.testCaseResults),
        JSON.stringify(summary),
        problemId,
        open.counted_status ? 0 : 1,
        acceptedDelta,
        open.user_id,
        counts,
        new Date(),
      ],
    );
    if (open.participation_id) await refoldContestCell(manager, open.participation_id, problemId);
    return { ...columns, finishedAt: stamps.finished_at, updatedAt: stamps.updated_at, ratedContestFinal: open.rated_final };
  });
}

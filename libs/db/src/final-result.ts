import { firstFailedTestNumber, GradeResult, SubmissionStatus, VERDICT_BY_STATUS } from '@oj/contracts';
import { DataSource } from 'typeorm';

import { refoldContestCell } from './contest-board';
import { SubmissionEntity } from './entities';
import { moveSolverCount } from './problem-solvers';
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
    // The problem row first, as a rejudge and a visibility change take it before its submissions: locking the
    // submission first deadlocked with them. It serialises nothing more, as the counters below lock it anyway.
    await manager.query('SELECT 1 FROM problems WHERE problem_id = $1 FOR NO KEY UPDATE', [problemId]);
    // The row lock makes a concurrent write of the same round wait, then find counted_at set and write nothing.
    const [open]: {
      counted_status: SubmissionStatus | null;
      participation_id: string | null;
      user_id: string | null;
      frozen: boolean;
      virtual: boolean;
      rated_final: boolean;
    }[] = await manager.query(
      `SELECT s.counted_status, s.participation_id, s.user_id, s.frozen, coalesce(p.kind = 'virtual', false) AS virtual,
              coalesce(p.kind = 'official' AND ${ratedAndFinalSql('c', 'now()')}, false) AS rated_final
         FROM submissions s LEFT JOIN contest_participations p ON p.id = s.participation_id
         LEFT JOIN contests c ON c.contest_id = p.contest_id
         WHERE s.id = $1 AND s.counted_at IS NULL AND s.judge_round = $2 FOR UPDATE OF s`,
      [submissionId, round],
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
    const updated = await manager
      .createQueryBuilder()
      .update(SubmissionEntity)
      .set({
        ...columns,
        testCaseResults: result.testCaseResults,
        resultSummary: {
          score: result.score,
          earnedPoints: result.earnedPoints,
          totalPoints: result.totalPoints,
          cases: result.testCaseResults,
          ...(result.message ? { message: result.message } : {}),
          ...(result.subtasks ? { subtasks: result.subtasks } : {}),
        },
        finishedAt: new Date(),
        countedAt: () => 'now()',
        countedStatus: result.status,
      })
      .where('id = :id', { id: submissionId })
      .returning(['finishedAt', 'updatedAt'])
      .execute();
    const [stamps] = updated.raw as { finished_at: Date; updated_at: Date }[];
    const accepted = (status: SubmissionStatus | null) => (status === 'accepted' ? 1 : 0);
    const acceptedDelta = accepted(result.status) - accepted(open.counted_status);
    // A virtual run replays a past contest for its owner alone, and a frozen result waits for the unfreeze.
    if (!open.virtual && !open.frozen) {
      await manager.query(
        'UPDATE problems SET submission_count = submission_count + $2, accepted_submission_count = accepted_submission_count + $3 WHERE problem_id = $1',
        [problemId, open.counted_status ? 0 : 1, acceptedDelta],
      );
      // The solvers (people, not accepted submissions) move only with a user's first or last accepted result.
      if (acceptedDelta !== 0 && open.user_id)
        await moveSolverCount(manager, { problemId, userId: open.user_id, submissionId, delta: acceptedDelta as 1 | -1 });
    }
    if (open.participation_id) await refoldContestCell(manager, open.participation_id, problemId);
    return { ...columns, finishedAt: stamps.finished_at, updatedAt: stamps.updated_at, ratedContestFinal: open.rated_final };
  });
}

import { GradeResult, VERDICT_BY_STATUS } from '@oj/contracts';
import { DataSource } from 'typeorm';
import { SubmissionEntity } from './entities';

/**
 * Writes a submission's final result and adds it to its problem's counters, in one transaction and only if no
 * final result was written before (`counted_at IS NULL`). A grading that finishes late, after a stalled job was
 * handed on or failed, finds the row taken and writes nothing: the row, the counters and the live events all
 * tell the first result. Returns whether this call wrote it.
 */
export async function writeFinalResult(dataSource: DataSource, submissionId: string, problemId: number, result: GradeResult): Promise<boolean> {
  return dataSource.transaction(async (manager) => {
    const written = await manager
      .createQueryBuilder()
      .update(SubmissionEntity)
      .set({
        status: result.status,
        verdict: VERDICT_BY_STATUS[result.status],
        score: result.score,
        runtimeMs: result.runtimeMs,
        memoryKB: result.memoryKB,
        testCaseResults: result.testCaseResults,
        resultSummary: {
          score: result.score,
          cases: result.testCaseResults,
          ...(result.message ? { message: result.message } : {}),
          ...(result.subtasks ? { subtasks: result.subtasks } : {}),
        },
        finishedAt: new Date(),
        countedAt: () => 'now()',
      })
      .where('id = :id AND counted_at IS NULL', { id: submissionId })
      .execute();
    if (!written.affected) return false;
    await manager.query(
      'UPDATE problems SET submission_count = submission_count + 1, accepted_submission_count = accepted_submission_count + $2 WHERE problem_id = $1',
      [problemId, result.status === 'accepted' ? 1 : 0],
    );
    return true;
  });
}

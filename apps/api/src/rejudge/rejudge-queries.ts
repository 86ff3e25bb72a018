import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { SubmissionRow } from '@oj/contracts';
import { loadSubmissionRow, stopsAtFirstFailureSql, SubmissionEntity } from '@oj/db';
import { DataSource, EntityManager } from 'typeorm';

import { isUuid } from '../common/is-uuid';

/** A submission put back to queued under its next judge round. */
export interface RejudgedRow {
  id: string;
  judge_round: number;
  /** Graded up to its first failure (an ICPC-scored contest's submission). */
  stop: boolean;
}

/** Every database access of rejudging: submissions reset under a new judge round, and a problem's progress. */
@Injectable()
export class RejudgeQueries {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The submission reset, or null when there is none with that id. */
  async resetSubmission(id: string): Promise<RejudgedRow | null> {
    if (!isUuid(id)) return null;
    const [rejudged] = await this.reset(this.dataSource.manager, 'id = :id', { id });
    return rejudged ?? null;
  }

  /** Every submission of the problem, in one transaction that also starts its rejudge progress; null: no such problem. */
  resetProblem(problemId: number): Promise<RejudgedRow[] | null> {
    return this.dataSource.transaction(async (manager) => {
      // now() is the transaction's start: rejudged_at below equals it, so progress counts exactly these rows.
      const [, found] = await manager.query('UPDATE problems SET rejudge_started_at = now() WHERE problem_id = $1', [problemId]);
      return found ? this.reset(manager, 'problem_id = :problemId', { problemId }) : null;
    });
  }

  /** Submissions of the problem's latest rejudge, and how many of them have their new result; null: no such problem. */
  async progress(problemId: number): Promise<{ total: number; done: number } | null> {
    const [found]: { total: number; done: number }[] = await this.dataSource.query(
      `SELECT count(s.id)::int AS total, count(s.id) FILTER (WHERE s.counted_at IS NOT NULL)::int AS done
       FROM problems p LEFT JOIN submissions s ON s.problem_id = p.problem_id AND s.rejudged_at >= p.rejudge_started_at
       WHERE p.problem_id = $1 GROUP BY p.problem_id`,
      [problemId],
    );
    return found ?? null;
  }

  row(id: string): Promise<SubmissionRow | null> {
    return loadSubmissionRow(this.dataSource.manager, id);
  }

  /** Back to queued under the next judge round, the result cleared; the counters keep the old result for now. */
  private async reset(manager: EntityManager, where: string, params: Record<string, unknown>): Promise<RejudgedRow[]> {
    const result = await manager
      .createQueryBuilder()
      .update(SubmissionEntity)
      .set({
        judgeRound: () => 'judge_round + 1',
        countedAt: null,
        status: 'queued',
        verdict: 'PENDING',
        score: 0,
        runtimeMs: null,
        memoryKB: null,
        testCaseResults: [],
        failedTest: null,
        resultSummary: null,
        queuedAt: () => 'now()',
        startedAt: null,
        finishedAt: null,
        rejudgedAt: () => 'now()',
      })
      .where(where, params)
      .returning(`id, judge_round, ${stopsAtFirstFailureSql('submissions')} AS stop`)
      .execute();
    return result.raw as RejudgedRow[];
  }
}

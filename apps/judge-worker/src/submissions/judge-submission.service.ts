import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { GradeResult, isFinalStatus, VERDICT_BY_STATUS } from '@oj/contracts';
import { loadSubmissionRow, ProblemEntity, SubmissionEntity, TestCaseEntity } from '@oj/db';
import { DataSource } from 'typeorm';
import { JUDGE_ENGINE, JudgeEngine } from '../engines/judge-engine';
import { LiveEventPublisher } from './live-event-publisher';

/** A grading attempt that should be retried (engine or infrastructure trouble, not the program's fault). */
export class GradingFailedError extends Error {}

/**
 * Grades one submission: running → engine → final result, publishing each change. Idempotent per submission:
 * a retried or stalled-and-handed-on job finds the result already written and counted, and stops.
 */
@Injectable()
export class JudgeSubmissionService {
  private readonly logger = new Logger(JudgeSubmissionService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(JUDGE_ENGINE) private readonly engine: JudgeEngine,
    private readonly live: LiveEventPublisher,
  ) {}

  async judge(submissionId: string): Promise<void> {
    const submissions = this.dataSource.getRepository(SubmissionEntity);
    const submission = await submissions.findOne({ where: { id: submissionId } });
    if (!submission) return this.logger.log(`Submission ${submissionId} is gone; job dropped.`);
    if (isFinalStatus(submission.status) && submission.countedAt) return;
    const problem = await this.dataSource.getRepository(ProblemEntity).findOne({ where: { problemId: submission.problemId } });
    if (!problem) return this.logger.log(`Problem of submission ${submissionId} is gone; job dropped.`);
    const tests = await this.dataSource.getRepository(TestCaseEntity).find({ where: { problemUuid: problem.id }, order: { position: 'ASC' } });

    await submissions.update({ id: submissionId }, { status: 'running', verdict: VERDICT_BY_STATUS.running, startedAt: new Date() });
    await this.publish(submissionId, 'running');

    const result = await this.engine.grade(
      {
        languageId: submission.languageId,
        sourceCode: submission.sourceCode,
        cpuTimeLimit: problem.cpuTimeLimit,
        memoryLimit: problem.memoryLimit,
        testCases: tests.map((t) => ({ input: t.input, output: t.output, points: t.points })),
      },
      (done, total) => this.publishProgress(submissionId, done, total),
    );
    if (result.status === 'failed') throw new GradingFailedError(result.message ?? 'The judge failed.');
    await this.finish(submissionId, problem.problemId, result);
  }

  /** The last attempt failed: the submission ends `failed` (and is counted once) rather than staying queued. */
  async markFailed(submissionId: string, message: string): Promise<void> {
    const submission = await this.dataSource.getRepository(SubmissionEntity).findOne({ where: { id: submissionId } });
    if (!submission || submission.countedAt) return;
    await this.finish(submissionId, submission.problemId, {
      status: 'failed',
      score: 0,
      runtimeMs: null,
      memoryKB: null,
      testCaseResults: [],
      message,
    });
  }

  /** Writes the result and, exactly once per submission, adds it to the problem's counters. */
  private async finish(submissionId: string, problemId: number, result: GradeResult): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.update(SubmissionEntity, { id: submissionId }, {
        status: result.status,
        verdict: VERDICT_BY_STATUS[result.status],
        score: result.score,
        runtimeMs: result.runtimeMs,
        memoryKB: result.memoryKB,
        testCaseResults: result.testCaseResults,
        resultSummary: { score: result.score, cases: result.testCaseResults, ...(result.message ? { message: result.message } : {}) },
        finishedAt: new Date(),
      });
      const counted = await manager
        .createQueryBuilder()
        .update(SubmissionEntity)
        .set({ countedAt: () => 'now()' })
        .where('id = :id AND counted_at IS NULL', { id: submissionId })
        .execute();
      if (counted.affected) {
        await manager.query(
          'UPDATE problems SET submission_count = submission_count + 1, accepted_submission_count = accepted_submission_count + $2 WHERE problem_id = $1',
          [problemId, result.status === 'accepted' ? 1 : 0],
        );
      }
    });
    await this.publish(submissionId, 'finished');
  }

  private async publishProgress(submissionId: string, done: number, total: number): Promise<void> {
    const row = await loadSubmissionRow(this.dataSource.manager, submissionId);
    if (row) await this.live.publish({ ...row, progress: { done, total } }, 'progress');
  }

  private async publish(submissionId: string, type: 'running' | 'finished'): Promise<void> {
    const row = await loadSubmissionRow(this.dataSource.manager, submissionId);
    if (row) await this.live.publish(row, type);
  }
}

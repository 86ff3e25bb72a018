import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { GradeResult, SubmissionRow, VERDICT_BY_STATUS } from '@oj/contracts';
import { checkerOf, interactorOf, loadSubmissionRow, ProblemEntity, SubmissionEntity, TestCaseEntity, writeFinalResult } from '@oj/db';
import { DataSource } from 'typeorm';

import { retryInfrastructure } from '../infrastructure/infrastructure-retry';
import { GradingStage, timeStage } from '../operations/grading-stages';
import { WorkerMetrics } from '../operations/worker-metrics';
import { failedResult, isDefinitiveFailure } from './grade-aggregate';
import { Grader } from './grader';
import { LivePublisher } from './live-publisher';

/** An interactive problem's interactor, for the grading request; nothing for a standard problem. */
function withInteractor(problem: ProblemEntity) {
  const interactor = interactorOf(problem);
  return interactor ? { interactor } : {};
}

/** A grading attempt that should be retried (engine trouble, not the program's fault). */
export class GradingFailedError extends Error {}

/**
 * Grades one judge round of a submission (its first grading, or a rejudge): running → engine → final result,
 * publishing each change. Idempotent per round: a retried or stalled-and-handed-on job finds the round's result
 * already written and counted, and stops; two gradings running at once (a stalled job handed on or failed while
 * its first worker still grades) write one result; a job of an earlier round than the submission's (it was
 * rejudged meanwhile) is dropped, and its grading, if under way, writes nothing.
 * Every database and Redis step waits out an outage (retryInfrastructure), so only the engine's own failures
 * use up the job's attempts.
 */
@Injectable()
export class JudgeSubmissionService {
  private readonly logger = new Logger(JudgeSubmissionService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly grader: Grader,
    private readonly live: LivePublisher,
    private readonly metrics: WorkerMetrics,
  ) {}

  async judge(submissionId: string, round = 0, stopAtFirstFailure = false): Promise<void> {
    const loaded = await this.timed('load', () => this.step(`Loading submission ${submissionId}`, () => this.load(submissionId, round)));
    if (loaded === 'graded') return this.republishResult(submissionId);
    if (!loaded) return;
    const { submission, problem, tests } = loaded;

    const running = await this.timed('mark_running', async () => {
      const started = await this.step(`Marking ${submissionId} running`, () => this.markRunning(submissionId, round));
      // Read once: nothing else writes the row while it grades, so every progress event is this row with its count.
      return started ? { row: await this.step(`Publishing ${submissionId} running`, () => this.publish(submissionId, 'running')) } : null;
    });
    if (!running) return;

    const result = await this.grader.grade(
      {
        languageId: submission.languageId,
        sourceCode: submission.sourceCode,
        cpuTimeLimit: problem.cpuTimeLimit,
        memoryLimit: problem.memoryLimit,
        outputLimit: problem.outputLimit,
        testCases: tests.map((t) => ({
          input: t.input,
          output: t.output,
          points: t.points,
          ...(t.subtask === null ? {} : { subtask: t.subtask }),
        })),
        subtasks: problem.subtasks,
        checker: checkerOf(problem),
        ...withInteractor(problem),
        stopAtFirstFailure,
        onStage: this.metrics.observeStage,
      },
      (done, total) => this.publishProgress(running.row, done, total),
    );
    // A failing checker is the problem's fault and fails the same way again: the submission ends `failed` now.
    if (result.status === 'failed' && !isDefinitiveFailure(result)) throw new GradingFailedError(result.message ?? 'The judge failed.');
    await this.finish(submissionId, problem.problemId, round, result);
  }

  /**
   * The last attempt of a round failed: the submission ends `failed` (and is counted once) rather than staying
   * queued. A failed job of an earlier round leaves the rejudge that replaced it alone.
   */
  async markFailed(submissionId: string, message: string, round = 0): Promise<void> {
    const submission = await this.step(`Loading submission ${submissionId}`, () =>
      this.dataSource.getRepository(SubmissionEntity).findOne({ where: { id: submissionId } }),
    );
    if (!submission || submission.judgeRound !== round) return;
    if (submission.countedAt) return this.republishResult(submissionId);
    await this.finish(submissionId, submission.problemId, round, failedResult(message));
  }

  /**
   * A job runs again after its result was written only when the grading that wrote it died (a crash or a stall),
   * possibly before it published the result: publish it again, so live clients learn the verdict at least once.
   * A repeat carries the same final row, which clients apply idempotently.
   */
  private async republishResult(submissionId: string): Promise<void> {
    await this.step(`Publishing the result of ${submissionId}`, () => this.publish(submissionId, 'finished'));
  }

  /**
   * The submission, its problem and its tests in order; 'graded' when the round's result is already written;
   * null (job dropped) when there is nothing to grade.
   */
  private async load(submissionId: string, round: number) {
    const submission = await this.dataSource.getRepository(SubmissionEntity).findOne({ where: { id: submissionId } });
    if (!submission) return this.dropped(`Submission ${submissionId} is gone; job dropped.`);
    if (submission.judgeRound !== round)
      return this.dropped(`Submission ${submissionId} was rejudged (round ${submission.judgeRound}); round ${round} dropped.`);
    if (submission.countedAt) return 'graded' as const;
    const problem = await this.dataSource.getRepository(ProblemEntity).findOne({ where: { problemId: submission.problemId } });
    if (!problem) return this.dropped(`Problem of submission ${submissionId} is gone; job dropped.`);
    const tests = await this.dataSource
      .getRepository(TestCaseEntity)
      .find({ where: { problemUuid: problem.id }, order: { position: 'ASC' } });
    return { submission, problem, tests };
  }

  /** Running, unless a result was written or a rejudge began meanwhile: a final row never goes back to running. */
  private async markRunning(submissionId: string, round: number): Promise<boolean> {
    const updated = await this.dataSource
      .createQueryBuilder()
      .update(SubmissionEntity)
      .set({ status: 'running', verdict: VERDICT_BY_STATUS.running, startedAt: new Date() })
      .where('id = :id AND counted_at IS NULL AND judge_round = :round', { id: submissionId, round })
      .execute();
    return !!updated.affected;
  }

  private dropped(message: string): null {
    this.logger.log(message);
    return null;
  }

  /**
   * Writes the result unless another grading of this submission already wrote one (see writeFinalResult);
   * only the grading that wrote it publishes it, so live clients see one final state.
   */
  private async finish(submissionId: string, problemId: number, round: number, result: GradeResult): Promise<void> {
    const written = await this.timed('result_write', () =>
      this.step(`Writing the result of ${submissionId}`, () => writeFinalResult(this.dataSource, submissionId, problemId, result, round)),
    );
    if (!written) return this.logger.log(`Submission ${submissionId} already has its result; this grading's ${result.status} is dropped.`);
    await this.timed('event_publish', () =>
      this.step(`Publishing the result of ${submissionId}`, () => this.publish(submissionId, 'finished')),
    );
  }

  private timed<T>(stage: GradingStage, work: () => Promise<T>): Promise<T> {
    return timeStage(this.metrics.observeStage, stage, work);
  }

  private step<T>(what: string, run: () => Promise<T>): Promise<T> {
    return retryInfrastructure(what, run, this.logger);
  }

  /** Progress is best effort: a lost progress event must not fail the grading, the final event follows anyway. */
  private async publishProgress(running: SubmissionRow | null, done: number, total: number): Promise<void> {
    if (!running) return;
    try {
      await this.live.publish({ ...running, progress: { done, total } }, 'progress');
    } catch (error) {
      this.logger.warn(`Progress of ${running.id} not published: ${(error as Error).message}`);
    }
  }

  /** Publishes the submission's row as it is now; the row published, or null when the submission is gone. */
  private async publish(submissionId: string, type: 'running' | 'finished'): Promise<SubmissionRow | null> {
    const row = await loadSubmissionRow(this.dataSource.manager, submissionId);
    if (row) await this.live.publish(row, type);
    return row;
  }
}

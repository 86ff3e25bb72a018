import { InjectQueue } from '@nestjs/bull';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { GradeResult, RatingsJobData, Sample, SubmissionRow, TestCaseData, VERDICT_BY_STATUS } from '@oj/contracts';
import {
  checkerOf,
  FinalResultWrite,
  GradingProblem,
  GradingSubmission,
  interactorOf,
  loadForGrading,
  loadSubmissionRow,
  queryPrepared,
  SubmissionEntity,
  TestCaseEntity,
  withFinalResult,
  withRunning,
  writeFinalResultColumns,
} from '@oj/db';
import { askRatingsRecompute, RATINGS_QUEUE } from '@oj/messaging';
import { Queue } from 'bull';
import { DataSource } from 'typeorm';

import { retryInfrastructure } from '../infrastructure/infrastructure-retry';
import { GradingStage, timeStage } from '../operations/grading-stages';
import { WorkerMetrics } from '../operations/worker-metrics';
import { sampleIndexOf } from './failed-sample';
import { failedResult, isDefinitiveFailure } from './grade-aggregate';
import { Grader } from './grader';
import { ProblemTestsCache } from './problem-tests-cache';
import { ProgressPublisher } from './progress-publisher';

/** The test's sample index, when it is one of the statement's samples (their failures show on the submission page). */
function withSample(test: Pick<TestCaseEntity, 'input' | 'output'>, samples: Sample[]): { sample?: number } {
  const sample = sampleIndexOf(test, samples);
  return sample === undefined ? {} : { sample };
}

/** An interactive problem's interactor, for the grading request; nothing for a standard problem. */
function withInteractor(problem: GradingProblem) {
  const interactor = interactorOf(problem);
  return interactor ? { interactor } : {};
}

/** What a grading needs, read before it starts. */
interface LoadedSubmission {
  submission: GradingSubmission;
  row: SubmissionRow;
  problem: GradingProblem;
  tests: TestCaseData[];
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
    private readonly live: ProgressPublisher,
    private readonly metrics: WorkerMetrics,
    private readonly tests: ProblemTestsCache,
    @InjectQueue(RATINGS_QUEUE) private readonly ratings: Queue<RatingsJobData>,
  ) {}

  async judge(submissionId: string, round = 0, stopAtFirstFailure = false): Promise<void> {
    const loaded = await this.timed('load', () => this.step(`Loading submission ${submissionId}`, () => this.load(submissionId, round)));
    if (loaded === 'graded') return this.republishResult(submissionId);
    if (!loaded) return;
    const running = await this.markRunning(submissionId, round, loaded.row);
    if (!running) return;
    const result = await this.grade(running, loaded, stopAtFirstFailure);
    // A failing checker is the problem's fault and fails the same way again: the submission ends `failed` now.
    if (result.status === 'failed' && !isDefinitiveFailure(result)) throw new GradingFailedError(result.message ?? 'The judge failed.');
    await this.finishGraded(running, round, result);
  }

  /**
   * Running, and its `running` event published: the row as it grades, or null when it was not marked. Nothing else
   * writes the row while it grades: every progress event, and the final one, is this row with what the grading
   * changed, never read again.
   */
  private markRunning(submissionId: string, round: number, row: SubmissionRow): Promise<SubmissionRow | null> {
    return this.timed('mark_running', async () => {
      const stamps = await this.step(`Marking ${submissionId} running`, () => this.writeRunning(submissionId, round));
      if (!stamps) return null;
      const runningRow = withRunning(row, stamps);
      await this.step(`Publishing ${submissionId} running`, () => this.live.publish(runningRow, 'running'));
      return runningRow;
    });
  }

  private grade(
    running: SubmissionRow,
    { submission, problem, tests }: LoadedSubmission,
    stopAtFirstFailure: boolean,
  ): Promise<GradeResult> {
    return this.grader.grade(
      {
        languageId: submission.languageId,
        sourceCode: submission.sourceCode,
        cpuTimeLimit: problem.cpuTimeLimit,
        memoryLimit: problem.memoryLimit,
        outputLimit: problem.outputLimit,
        testCases: tests.map((t) => ({ ...t, ...withSample(t, problem.samples) })),
        subtasks: problem.subtasks,
        checker: checkerOf(problem),
        ...withInteractor(problem),
        stopAtFirstFailure,
        onStage: this.metrics.observeStage,
      },
      (done, total) => this.publishProgress(running, done, total),
    );
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
   * The submission (and its list row), its problem and its tests in order (one statement, and none for tests
   * cached at the problem's tests' version); 'graded' when the round's result is already written; null (job
   * dropped) when there is nothing to grade.
   */
  private async load(submissionId: string, round: number): Promise<LoadedSubmission | 'graded' | null> {
    const found = await loadForGrading(this.dataSource, submissionId);
    if (!found) return this.dropped(`Submission ${submissionId} is gone; job dropped.`);
    const { submission, row, problem } = found;
    if (submission.judgeRound !== round)
      return this.dropped(`Submission ${submissionId} was rejudged (round ${submission.judgeRound}); round ${round} dropped.`);
    if (submission.countedAt) return 'graded' as const;
    if (!problem) return this.dropped(`Problem of submission ${submissionId} is gone; job dropped.`);
    const tests = await this.tests.tests(this.dataSource.manager, problem.id, problem.testsVersion);
    return { submission, row, problem, tests };
  }

  /**
   * Running, unless a result was written or a rejudge began meanwhile: a final row never goes back to running.
   * The times written, or null when it was not marked. The mark does not wait for its WAL flush (synchronous_commit
   * off for this statement's transaction: about 2 ms less before the grading starts): should PostgreSQL crash before
   * the flush, the row only shows queued again while it grades, and its result, written durably, ends it as before.
   */
  private async writeRunning(submissionId: string, round: number): Promise<{ startedAt: Date; updatedAt: Date } | null> {
    const [stamps] = await queryPrepared<{ started_at: Date; updated_at: Date }>(
      this.dataSource,
      `UPDATE submissions SET status = 'running', verdict = $3, started_at = $4, updated_at = CURRENT_TIMESTAMP
         FROM (SELECT set_config('synchronous_commit', 'off', true)) AS no_flush_wait
        WHERE id = $1 AND counted_at IS NULL AND judge_round = $2
        RETURNING started_at, updated_at`,
      [submissionId, round, VERDICT_BY_STATUS.running, new Date()],
    );
    return stamps ? { startedAt: stamps.started_at, updatedAt: stamps.updated_at } : null;
  }

  private dropped(message: string): null {
    this.logger.log(message);
    return null;
  }

  /**
   * Writes a failed result unless another grading of this submission already wrote one (see writeFinalResult);
   * only the grading that wrote it publishes it, so live clients see one final state.
   */
  private async finish(submissionId: string, problemId: number, round: number, result: GradeResult): Promise<void> {
    const written = await this.step(`Writing the result of ${submissionId}`, () =>
      writeFinalResultColumns(this.dataSource, submissionId, problemId, result, round),
    );
    if (!written) return this.dropLateResult(submissionId, result);
    await this.askRatings(submissionId, round, written);
    await this.step(`Publishing the result of ${submissionId}`, () => this.publish(submissionId, 'finished'));
  }

  private timed<T>(stage: GradingStage, work: () => Promise<T>): Promise<T> {
    return timeStage(this.metrics.observeStage, stage, work);
  }

  /**
   * A grading's result, written unless another grading already wrote one (as `finish`), and published as its
   * running row with the columns the write set: no read of the row after the write.
   */
  private async finishGraded(running: SubmissionRow, round: number, result: GradeResult): Promise<void> {
    const written = await this.timed('result_write', () =>
      this.step(`Writing the result of ${running.id}`, () =>
        writeFinalResultColumns(this.dataSource, running.id, running.problemId, result, round),
      ),
    );
    if (!written) return this.dropLateResult(running.id, result);
    await this.askRatings(running.id, round, written);
    const finished = withFinalResult(running, written);
    await this.timed('event_publish', () =>
      this.step(`Publishing the result of ${running.id}`, () => this.live.publish(finished, 'finished')),
    );
  }

  /**
   * A result that counts in a rated contest whose results are final (a rejudge's, or one graded after the end) may
   * move its rating standings: the recompute is asked for at once rather than left to the minute sweep; it rates
   * again only if the standings did change.
   */
  private async askRatings(submissionId: string, round: number, written: FinalResultWrite): Promise<void> {
    if (written.ratedContestFinal)
      await askRatingsRecompute(this.ratings, `result of submission ${submissionId}, judge round ${round}`, this.logger);
  }

  private dropLateResult(submissionId: string, result: GradeResult): void {
    this.logger.log(`Submission ${submissionId} already has its result; this grading's ${result.status} is dropped.`);
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

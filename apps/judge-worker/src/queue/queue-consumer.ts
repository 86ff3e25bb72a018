import { InjectQueue } from '@nestjs/bull';
import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { CheckerCompileJobData, JudgeJobData, RunJobData, ValidateJobData } from '@oj/contracts';
import { CHECKER_COMPILE_QUEUE, JUDGE_QUEUE, RUN_JOB, VALIDATE_QUEUE } from '@oj/messaging';
import { Job, Queue } from 'bull';

import { WorkerConfig } from '../config/worker-config';
import { CustomRunService } from '../custom-runs/custom-run.service';
import { JudgeSubmissionService } from '../grading/judge-submission.service';
import { JobLogContext } from '../operations/job-log-context';
import { CheckerCompileService } from '../validation/checker-compile.service';
import { ValidationService } from '../validation/validation.service';

/**
 * Thin consumer of the queues: each job becomes one use-case call. The judge queue also carries custom-input
 * runs (named RUN_JOB, behind the submissions by priority), so they share the submissions' concurrency.
 * Concurrency comes from the configuration,
 * so the handlers are registered at start-up rather than with decorators.
 */
@Injectable()
export class QueueConsumer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(QueueConsumer.name);
  private stopping = false;

  constructor(
    @InjectQueue(JUDGE_QUEUE) private readonly judgeQueue: Queue<JudgeJobData | RunJobData>,
    @InjectQueue(VALIDATE_QUEUE) private readonly validateQueue: Queue<ValidateJobData>,
    @InjectQueue(CHECKER_COMPILE_QUEUE) private readonly checkerQueue: Queue<CheckerCompileJobData>,
    private readonly judging: JudgeSubmissionService,
    private readonly validation: ValidationService,
    private readonly checkers: CheckerCompileService,
    private readonly customRuns: CustomRunService,
    private readonly config: WorkerConfig,
    private readonly jobs: JobLogContext,
  ) {}

  onApplicationBootstrap(): void {
    const concurrency = this.config.WORKER_CONCURRENCY;
    // One handler for every job name ('*'), so runs and submissions share one set of `concurrency` slots.
    this.judgeQueue
      .process('*', concurrency, (job: Job<JudgeJobData | RunJobData>) => this.judgeOrRun(job))
      .catch((e) => this.stopTakingJobs(e));
    this.validateQueue
      .process(concurrency, (job: Job<ValidateJobData>) => this.jobs.run(job, {}, () => this.validation.validate(job.data)))
      .catch((e) => this.stopTakingJobs(e));
    this.checkerQueue
      .process(concurrency, (job: Job<CheckerCompileJobData>) => this.jobs.run(job, {}, () => this.checkers.compile(job.data)))
      .catch((e) => this.stopTakingJobs(e));
    this.judgeQueue.on('failed', (job: Job<JudgeJobData>, error: Error) => {
      if (job.name === RUN_JOB) return;
      this.jobs
        .within(job, { submissionId: job.data.submissionId }, () => this.onJudgeFailed(job, error))
        .catch((e) => this.logger.error(`Could not end ${job.data.submissionId} as failed: ${(e as Error).message}`));
    });
    this.logger.log(`Consuming ${JUDGE_QUEUE}, ${VALIDATE_QUEUE} and ${CHECKER_COMPILE_QUEUE} with concurrency ${concurrency}`);
  }

  private judgeOrRun(job: Job<JudgeJobData | RunJobData>): Promise<unknown> {
    if (job.name === RUN_JOB) return this.jobs.run(job, {}, () => this.customRuns.run(job.data as RunJobData));
    const { submissionId, round, stopAtFirstFailure } = job.data as JudgeJobData;
    return this.jobs.run(job, { submissionId }, () => this.judging.judge(submissionId, round, stopAtFirstFailure));
  }

  /**
   * SIGTERM: stop taking jobs and wait for the running ones. Done before any shutdown hook, so the database and
   * Redis connections those jobs write through are still open whatever order the modules close in.
   */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    await Promise.all([this.judgeQueue.close(), this.validateQueue.close(), this.checkerQueue.close()]);
  }

  /** Bull's processing loop only ends on a Redis error at start-up; a worker taking no jobs is better restarted. */
  private stopTakingJobs(error: unknown): void {
    if (this.stopping) return;
    this.logger.error(`Queue processing stopped: ${(error as Error).message}; exiting to be restarted.`);
    process.exit(1);
  }

  private async onJudgeFailed(job: Job<JudgeJobData>, error: Error): Promise<void> {
    const attempts = job.opts.attempts ?? 1;
    this.logger.warn(`Judging ${job.data.submissionId} failed (attempt ${job.attemptsMade}/${attempts}): ${error.message}`);
    // isFailed also covers a job Bull gave up on after it stalled too often, whatever attemptsMade says.
    if (job.attemptsMade >= attempts || (await job.isFailed()))
      await this.judging.markFailed(job.data.submissionId, error.message, job.data.round);
  }
}

import { InjectQueue } from '@nestjs/bull';
import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { CheckerCompileJobData, JudgeJobData, RunJobData, TracedJobData, ValidateJobData } from '@oj/contracts';
import { CHECKER_COMPILE_QUEUE, JUDGE_QUEUE, RUN_QUEUE, VALIDATE_QUEUE } from '@oj/messaging';
import { Job, Queue } from 'bull';

import { WorkerConfig } from '../config/worker-config';
import { CustomRunService } from '../custom-runs/custom-run.service';
import { JudgeSubmissionService } from '../grading/judge-submission.service';
import { JobLogContext } from '../operations/job-log-context';
import { WorkerMetrics } from '../operations/worker-metrics';
import { CheckerCompileService } from '../validation/checker-compile.service';
import { ValidationService } from '../validation/validation.service';
import { JobCancellations } from './job-cancellations';
import { auxiliarySlots, SlotPool } from './slot-pool';
import { takeJobs } from './take-jobs';

/** Bull 4's Job#moveToDelayed, which its type declarations omit: active → delayed, under this worker's lock. */
type DelayableJob = Job & { moveToDelayed(timestamp: number, ignoreLock: boolean): Promise<void> };

/**
 * Thin consumer of the queues: each job becomes one use-case call. Submissions have the worker's N slots
 * (WORKER_CONCURRENCY) to themselves; what a caller waits for (runs, validations, checker compiles and trials)
 * shares ⌈N/2⌉ others, so however many of those come, a submission never waits for one of them. Those jobs are
 * cancelled when their caller goes (JobCancellations). Concurrency comes from the configuration, so the handlers
 * are registered at start-up rather than with decorators.
 */
@Injectable()
export class QueueConsumer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(QueueConsumer.name);
  private stopping = false;
  /** The jobs this worker holds, of every queue: what a stop past its grace period hands back. */
  private readonly inHand = new Set<Job>();
  /** The auxiliary jobs' shared slots: each of their queues may hand this worker as many, all three share them. */
  private readonly auxiliary: SlotPool;

  constructor(
    @InjectQueue(JUDGE_QUEUE) private readonly judgeQueue: Queue<JudgeJobData>,
    @InjectQueue(RUN_QUEUE) private readonly runQueue: Queue<RunJobData>,
    @InjectQueue(VALIDATE_QUEUE) private readonly validateQueue: Queue<ValidateJobData>,
    @InjectQueue(CHECKER_COMPILE_QUEUE) private readonly checkerQueue: Queue<CheckerCompileJobData>,
    private readonly judging: JudgeSubmissionService,
    private readonly validation: ValidationService,
    private readonly checkers: CheckerCompileService,
    private readonly customRuns: CustomRunService,
    private readonly cancellations: JobCancellations,
    private readonly config: WorkerConfig,
    private readonly jobs: JobLogContext,
    private readonly metrics: WorkerMetrics,
  ) {
    this.auxiliary = new SlotPool(auxiliarySlots(config.WORKER_CONCURRENCY));
  }

  async onApplicationBootstrap(): Promise<void> {
    const concurrency = this.config.WORKER_CONCURRENCY;
    // Listening before any auxiliary job is taken, so no cancel goes unheard.
    await this.cancellations.listen([this.runQueue, this.validateQueue, this.checkerQueue]);
    this.judgeQueue.on('failed', (job: Job<JudgeJobData>, error: Error) => {
      this.jobs
        .within(job, { submissionId: job.data.submissionId }, () => this.onJudgeFailed(job, error))
        .catch((e) => this.logger.error(`Could not end ${job.data.submissionId} as failed: ${(e as Error).message}`));
    });
    await Promise.all([
      takeJobs(
        this.judgeQueue,
        concurrency,
        (job) => {
          const { submissionId, round, stopAtFirstFailure } = job.data;
          this.observeHandOff(job);
          return this.holding(job, () =>
            this.jobs.run(job, { submissionId }, () => this.judging.judge(submissionId, round, stopAtFirstFailure)),
          );
        },
        (e) => this.stopTakingJobs(e),
      ),
      this.serveAuxiliary(this.runQueue, (data, signal) => this.customRuns.run(data, signal)),
      this.serveAuxiliary(this.validateQueue, (data, signal) => this.validation.validate(data, signal)),
      // A checker compile is shared by concurrent requests for the same checker (see CustomChecker), so it is not
      // killed midway; a cancelled one still ends without a result, and one cancelled before its slot never starts.
      this.serveAuxiliary(this.checkerQueue, (data) => this.checkers.compile(data)),
    ]);
    this.logger.log(
      `Consuming ${JUDGE_QUEUE} with concurrency ${concurrency}; ${RUN_QUEUE}, ${VALIDATE_QUEUE} and ${CHECKER_COMPILE_QUEUE} ` +
        `sharing ${this.auxiliary.size}`,
    );
  }

  /**
   * The queue's part of a submission's time: waiting for a worker (queued to Bull's move to active, both stamped
   * by Bull) and the hand-off (from that move to this handler).
   */
  private observeHandOff(job: Job<JudgeJobData>): void {
    const takenAt = job.processedOn ?? Date.now();
    this.metrics.observeStage('queue_wait', takenAt - job.timestamp);
    this.metrics.observeStage('job_start', Date.now() - takenAt);
  }

  /** Takes `queue`'s jobs into the shared auxiliary slots, each cancelled when its caller goes. */
  private serveAuxiliary<D extends TracedJobData>(
    queue: Queue<D>,
    work: (data: D, signal: AbortSignal) => Promise<unknown>,
  ): Promise<void> {
    return takeJobs(
      queue,
      this.auxiliary.size,
      (job) =>
        this.holding(job, () =>
          this.jobs.run(job, {}, () => this.cancellations.run(job, (signal) => this.auxiliary.use(() => work(job.data, signal), signal))),
        ),
      (e) => this.stopTakingJobs(e),
    );
  }

  /**
   * SIGTERM: stop taking jobs and wait for the running ones. Done before any shutdown hook, so the database and
   * Redis connections those jobs write through are still open whatever order the modules close in.
   */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    await Promise.all([this.judgeQueue, this.runQueue, this.validateQueue, this.checkerQueue].map((queue) => queue.close()));
  }

  /** Runs a job's work, counting the job among those in hand meanwhile. */
  private async holding<T>(job: Job, work: () => Promise<T>): Promise<T> {
    this.inHand.add(job);
    try {
      return await work();
    } finally {
      this.inHand.delete(job);
    }
  }

  /**
   * A stop that outlasts its grace period: every job in hand goes back to its queue (Bull's move to the delayed set,
   * due at once, which takes this worker's lock, keeps its priority and counts no attempt), so another worker takes
   * it now rather than after its lock expires. The work still running here is abandoned: the worker exits next, and
   * grading is idempotent per round should it write first. Returns how many went back.
   */
  async handBackJobsInHand(): Promise<number> {
    const jobs = [...this.inHand];
    const handedBack = await Promise.all(
      jobs.map((job) =>
        (job as DelayableJob).moveToDelayed(Date.now(), false).then(
          () => true,
          // Finished meanwhile, or its lock already lost: it is not this worker's to hand back.
          (e: Error) => (this.logger.warn(`Could not hand back job ${job.id} of ${job.queue.name}: ${e.message}`), false),
        ),
      ),
    );
    return handedBack.filter(Boolean).length;
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

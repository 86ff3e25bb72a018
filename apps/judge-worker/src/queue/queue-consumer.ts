import { InjectQueue } from '@nestjs/bull';
import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { JUDGE_QUEUE, JudgeJobData, VALIDATE_QUEUE, ValidateJobData } from '@oj/contracts';
import { Job, Queue } from 'bull';
import { WorkerConfig } from '../config/worker-config';
import { JudgeSubmissionService } from '../submissions/judge-submission.service';
import { ValidationService } from '../validation/validation.service';

/**
 * Thin consumer of both queues: each job becomes one use-case call. Concurrency comes from the configuration,
 * so the handlers are registered at start-up rather than with decorators.
 */
@Injectable()
export class QueueConsumer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(QueueConsumer.name);

  constructor(
    @InjectQueue(JUDGE_QUEUE) private readonly judgeQueue: Queue<JudgeJobData>,
    @InjectQueue(VALIDATE_QUEUE) private readonly validateQueue: Queue<ValidateJobData>,
    private readonly judging: JudgeSubmissionService,
    private readonly validation: ValidationService,
    private readonly config: WorkerConfig,
  ) {}

  onApplicationBootstrap(): void {
    const concurrency = this.config.WORKER_CONCURRENCY;
    void this.judgeQueue.process(concurrency, (job: Job<JudgeJobData>) => this.judging.judge(job.data.submissionId));
    void this.validateQueue.process(concurrency, (job: Job<ValidateJobData>) => this.validation.validate(job.data));
    this.judgeQueue.on('failed', (job: Job<JudgeJobData>, error: Error) => void this.onJudgeFailed(job, error));
    this.logger.log(`Consuming ${JUDGE_QUEUE} and ${VALIDATE_QUEUE} with concurrency ${concurrency}`);
  }

  /**
   * SIGTERM: stop taking jobs and wait for the running ones. Done before any shutdown hook, so the database and
   * Redis connections those jobs write through are still open whatever order the modules close in.
   */
  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all([this.judgeQueue.close(), this.validateQueue.close()]);
  }

  private async onJudgeFailed(job: Job<JudgeJobData>, error: Error): Promise<void> {
    const attempts = job.opts.attempts ?? 1;
    this.logger.warn(`Judging ${job.data.submissionId} failed (attempt ${job.attemptsMade}/${attempts}): ${error.message}`);
    // isFailed also covers a job Bull gave up on after it stalled too often, whatever attemptsMade says.
    if (job.attemptsMade >= attempts || (await job.isFailed())) await this.judging.markFailed(job.data.submissionId, error.message);
  }
}

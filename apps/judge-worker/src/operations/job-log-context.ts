import { Inject, Injectable, Logger } from '@nestjs/common';
import { TracedJobData } from '@oj/contracts';
import { ROOT_LOGGER, runWithLogBindings } from '@oj/observability';
import { Job } from 'bull';
import type { Logger as Pino } from 'pino';

/**
 * Runs a job with its request id (from the API request that queued it) and its subject on every log line written
 * while it runs, by whichever class, and logs its start and end.
 */
@Injectable()
export class JobLogContext {
  private readonly logger = new Logger('Job');

  constructor(@Inject(ROOT_LOGGER) private readonly root: Pino) {}

  run<T>(job: Job<TracedJobData>, subject: Record<string, string>, work: () => Promise<T>): Promise<T> {
    return this.within(job, subject, async () => {
      const started = Date.now();
      this.logger.log(`${job.queue.name} job ${job.id} started (attempt ${job.attemptsMade + 1})`);
      const result = await work();
      this.logger.log(`${job.queue.name} job ${job.id} done in ${Date.now() - started} ms`);
      return result;
    });
  }

  /** Same bindings for work about a job that runs outside its handler (its failure handler). */
  within<T>(job: Job<TracedJobData>, subject: Record<string, string>, work: () => Promise<T>): Promise<T> {
    return runWithLogBindings(this.root, { requestId: job.data.requestId, jobId: String(job.id), ...subject }, work);
  }
}

import { InjectQueue } from '@nestjs/bull';
import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { RatingsJobData } from '@oj/contracts';
import { recomputeRatings } from '@oj/db';
import { RATINGS_QUEUE, RATINGS_SWEEP_JOB } from '@oj/messaging';
import { Queue } from 'bull';
import { DataSource } from 'typeorm';

import { takeJobs } from '../queue/take-jobs';
import { rateOnThread } from './rating-thread';

/**
 * Takes the ratings queue one job at a time (recomputeRatings, which also locks against other workers), and keeps the
 * minute sweep scheduled: it rates contests whose results became final by the clock, and catches what an ask lost.
 * The computation runs off the API's event loop and off this worker's: the database work here, the rating itself on
 * a thread (rating-thread.ts), so a 10,000-participant contest leaves the queues, locks and probes answered.
 */
@Injectable()
export class RatingsConsumer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(RatingsConsumer.name);

  constructor(
    @InjectQueue(RATINGS_QUEUE) private readonly queue: Queue<RatingsJobData>,
    private readonly dataSource: DataSource,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await takeJobs(
      this.queue,
      1,
      (job) => this.recompute(job.data.reason),
      (e) => this.logger.error(`Stopped taking ratings jobs: ${e.message}`),
    );
    await this.queue
      .add({ reason: 'sweep' }, RATINGS_SWEEP_JOB)
      .catch((e) => this.logger.warn(`Could not schedule the ratings sweep: ${(e as Error).message}`));
  }

  /**
   * Stops taking ratings jobs and waits for the running one, beside the other consumers' queues: Bull's own close of
   * the queue comes in a later phase, and each close waits half a second for Bull's blocked connection.
   */
  async beforeApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }

  private async recompute(reason: string): Promise<number[]> {
    const started = Date.now();
    const { recomputed } = await recomputeRatings(this.dataSource, new Date(), rateOnThread);
    if (recomputed.length)
      this.logger.log(
        `Ratings recomputed from contest ${recomputed[0]} (${recomputed.length} contests, ${reason}) in ${Date.now() - started} ms`,
      );
    return recomputed;
  }
}

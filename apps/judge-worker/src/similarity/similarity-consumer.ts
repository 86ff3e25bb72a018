import { InjectQueue } from '@nestjs/bull';
import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { SimilarityJobData } from '@oj/contracts';
import { SIMILARITY_QUEUE } from '@oj/messaging';
import { Queue } from 'bull';

import { JobLogContext } from '../operations/job-log-context';
import { takeJobs } from '../queue/take-jobs';
import { SimilarityReportService } from './similarity-report.service';

/**
 * Takes similarity reports off their queue, one at a time per worker: a report is CPU work in this process's
 * event loop (yielding often, see computeSimilarityReport), so the API's loop never runs it and the submissions'
 * slots keep their share.
 */
@Injectable()
export class SimilarityConsumer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(SimilarityConsumer.name);

  constructor(
    @InjectQueue(SIMILARITY_QUEUE) private readonly queue: Queue<SimilarityJobData>,
    private readonly reports: SimilarityReportService,
    private readonly jobs: JobLogContext,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await takeJobs(
      this.queue,
      1,
      (job) => this.jobs.run(job, { reportId: job.data.reportId }, () => this.reports.compute(job.data.reportId)),
      (e) => this.logger.error(`Similarity reports are not being taken: ${e.message}`),
    );
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}

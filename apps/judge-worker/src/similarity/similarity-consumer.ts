import { InjectQueue } from '@nestjs/bull';
import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { SimilarityJobData } from '@oj/contracts';
import { SIMILARITY_QUEUE } from '@oj/messaging';
import { Job, Queue } from 'bull';

import { JobLogContext } from '../operations/job-log-context';
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

  onApplicationBootstrap(): void {
    this.queue
      .process(1, (job: Job<SimilarityJobData>) =>
        this.jobs.run(job, { reportId: job.data.reportId }, () => this.reports.compute(job.data.reportId)),
      )
      .catch((e) => this.logger.error(`Similarity reports are not being taken: ${(e as Error).message}`));
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}

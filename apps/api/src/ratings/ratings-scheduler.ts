import { InjectQueue } from '@nestjs/bull';
import { Injectable, Logger } from '@nestjs/common';
import type { RatingsJobData } from '@oj/contracts';
import { RATINGS_QUEUE, ratingsJobOptions } from '@oj/messaging';
import { Queue } from 'bull';

/**
 * Asks the workers to bring the ratings up to date after a change that may move a rated contest's final standings
 * (an edit, the unfreeze, a deletion): a debounced job on the ratings queue, never a computation here. A lost ask is
 * caught by the workers' sweep within a minute, so a Redis outage costs a delay, not the request.
 */
@Injectable()
export class RatingsScheduler {
  private readonly logger = new Logger(RatingsScheduler.name);

  constructor(@InjectQueue(RATINGS_QUEUE) private readonly queue: Queue<RatingsJobData>) {}

  async changed(reason: string): Promise<void> {
    await this.queue
      .add({ reason }, ratingsJobOptions())
      .catch((error) => this.logger.warn(`Could not ask for a ratings recompute (${reason}): ${error}`));
  }
}

import { InjectQueue } from '@nestjs/bull';
import { Injectable, Logger } from '@nestjs/common';
import type { RatingsJobData } from '@oj/contracts';
import { askRatingsRecompute, RATINGS_QUEUE } from '@oj/messaging';
import { Queue } from 'bull';

/**
 * Asks the workers to bring the ratings up to date after a change that may move a rated contest's final standings
 * (an edit, the unfreeze, a deletion): askRatingsRecompute's gathered job on the ratings queue, never a computation
 * here.
 */
@Injectable()
export class RatingsScheduler {
  private readonly logger = new Logger(RatingsScheduler.name);

  constructor(@InjectQueue(RATINGS_QUEUE) private readonly queue: Queue<RatingsJobData>) {}

  changed(reason: string): Promise<void> {
    return askRatingsRecompute(this.queue, reason, this.logger);
  }
}

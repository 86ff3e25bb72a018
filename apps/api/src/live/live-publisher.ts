import { Inject, Injectable, Logger } from '@nestjs/common';
import { LiveEventType, publishLiveEvent, SubmissionRow } from '@oj/contracts';
import { randomUUID } from 'crypto';
import Redis from 'ioredis';
import { AppConfig } from '../config/app-config';
import { REDIS } from '../redis/redis.module';

/** What changes who may see live events: a problem's visibility (or existence), or a user's role or status. */
export type AccessChange = { problemId: number } | { userId: string };

/** API instances tell each other about access changes on this channel; stream clients never see it. */
export function accessChangesChannel(redisPrefix: string): string {
  return `${redisPrefix}:live-access-changes`;
}

/** The API publishes the `created` event of a new submission, and access changes; workers publish the rest. */
@Injectable()
export class LivePublisher {
  private readonly logger = new Logger(LivePublisher.name);

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly config: AppConfig,
  ) {}

  publish(row: SubmissionRow, type: LiveEventType): Promise<void> {
    return publishLiveEvent(this.redis, this.config.REDIS_PREFIX, row, type, randomUUID());
  }

  /**
   * Call once the change is committed. Each instance's one subscriber connection receives messages in publish
   * order, so every event published after this is judged by the new rights. If Redis is down no events flow
   * either; the fan-out's short visibility cache covers the rest.
   */
  async accessChanged(change: AccessChange): Promise<void> {
    await this.redis.publish(accessChangesChannel(this.config.REDIS_PREFIX), JSON.stringify(change)).catch((error) => this.logger.warn(`Could not publish an access change: ${error}`));
  }
}

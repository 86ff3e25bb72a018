import { Inject, Injectable, Logger } from '@nestjs/common';
import { LiveEventType, SubmissionRow } from '@oj/contracts';
import { AccessChange, LiveEventPublisher } from '@oj/messaging';
import Redis from 'ioredis';

import { AppConfig } from '../config/app-config';
import { REDIS } from '../redis/redis.module';

/**
 * What the API publishes on the live channels: the `created` event of a new submission, and access changes; workers
 * publish the rest of a submission's events with their own publisher.
 */
@Injectable()
export class ApiLivePublisher {
  private readonly logger = new Logger(ApiLivePublisher.name);
  private readonly events: LiveEventPublisher;

  constructor(@Inject(REDIS) redis: Redis, config: AppConfig) {
    this.events = new LiveEventPublisher(redis, config.REDIS_PREFIX);
  }

  publish(row: SubmissionRow, type: LiveEventType): Promise<void> {
    return this.events.publish(row, type);
  }

  /**
   * Call once the change is committed. Each instance's one subscriber connection (RedisSubscriber) receives messages
   * in publish order, so every event published after this is judged by the new rights. If Redis is down no events flow
   * either; the fan-out's short visibility cache covers the rest.
   */
  async accessChanged(change: AccessChange): Promise<void> {
    await this.events.publishAccessChange(change).catch((error) => this.logger.warn(`Could not publish an access change: ${error}`));
  }
}

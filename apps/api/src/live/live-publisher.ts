import { Inject, Injectable } from '@nestjs/common';
import { LiveEventType, publishLiveEvent, SubmissionRow } from '@oj/contracts';
import { randomUUID } from 'crypto';
import Redis from 'ioredis';
import { AppConfig } from '../config/app-config';
import { REDIS } from '../redis/redis.module';

/** The API publishes the `created` event of a new submission; workers publish the rest. */
@Injectable()
export class LivePublisher {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly config: AppConfig,
  ) {}

  publish(row: SubmissionRow, type: LiveEventType): Promise<void> {
    return publishLiveEvent(this.redis, this.config.REDIS_PREFIX, row, type, randomUUID());
  }
}

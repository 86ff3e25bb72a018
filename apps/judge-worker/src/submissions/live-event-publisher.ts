import { Inject, Injectable } from '@nestjs/common';
import { liveEventsChannel, LiveEventType, SubmissionRow, toLiveEvent } from '@oj/contracts';
import { randomUUID } from 'crypto';
import Redis from 'ioredis';
import { WorkerConfig } from '../config/worker-config';
import { REDIS } from '../redis.provider';

/** Publishes submission changes on Redis pub/sub; every API instance fans them out to its stream clients. */
@Injectable()
export class LiveEventPublisher {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly config: WorkerConfig,
  ) {}

  async publish(row: SubmissionRow, type: LiveEventType): Promise<void> {
    await this.redis.publish(liveEventsChannel(this.config.REDIS_PREFIX), JSON.stringify(toLiveEvent(row, type, randomUUID())));
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { LiveEventType, SubmissionRow } from '@oj/contracts';
import { LiveEventPublisher } from '@oj/messaging';
import Redis from 'ioredis';

import { WorkerConfig } from '../config/worker-config';
import { WorkerMetrics } from '../operations/worker-metrics';
import { REDIS } from '../redis.provider';

/** Publishes grading progress on Redis pub/sub (every API instance fans it out) and counts it in the metrics. */
@Injectable()
export class ProgressPublisher {
  private readonly events: LiveEventPublisher;

  constructor(
    @Inject(REDIS) redis: Redis,
    config: WorkerConfig,
    private readonly metrics: WorkerMetrics,
  ) {
    this.events = new LiveEventPublisher(redis, config.REDIS_PREFIX);
  }

  publish(row: SubmissionRow, type: LiveEventType): Promise<void> {
    this.metrics.observe(row, type);
    return this.events.publish(row, type);
  }
}

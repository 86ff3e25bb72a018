import { Inject, Injectable } from '@nestjs/common';
import { LiveEventType, publishLiveEvent, SubmissionRow } from '@oj/contracts';
import { randomUUID } from 'crypto';
import Redis from 'ioredis';
import { WorkerConfig } from '../config/worker-config';
import { WorkerMetrics } from '../operations/worker-metrics';
import { REDIS } from '../redis.provider';

/** Publishes grading progress on Redis pub/sub; every API instance fans it out to its stream clients. */
@Injectable()
export class LiveEventPublisher {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly config: WorkerConfig,
    private readonly metrics: WorkerMetrics,
  ) {}

  publish(row: SubmissionRow, type: LiveEventType): Promise<void> {
    this.metrics.observe(row, type);
    return publishLiveEvent(this.redis, this.config.REDIS_PREFIX, row, type, randomUUID());
  }
}

import { LiveEvent, LiveEventType, SubmissionRow } from '@oj/contracts';
import { randomUUID } from 'crypto';

import { AccessChange, accessChangesChannel, liveEventsChannel } from './redis-keys';

/** Anything that can publish on a pub/sub channel (an ioredis connection). */
export interface Publisher {
  publish(channel: string, message: string): Promise<unknown>;
}

/** Publishes submission changes (and access changes) to every API instance of a site, which fan them out. */
export class LiveEventPublisher {
  constructor(
    private readonly redis: Publisher,
    private readonly redisPrefix: string,
  ) {}

  async publish(row: SubmissionRow, type: LiveEventType): Promise<void> {
    const event: LiveEvent = { ...row, eventId: randomUUID(), emittedAt: new Date().toISOString(), _eventType: type, eventType: type };
    await this.redis.publish(liveEventsChannel(this.redisPrefix), JSON.stringify(event));
  }

  async publishAccessChange(change: AccessChange): Promise<void> {
    await this.redis.publish(accessChangesChannel(this.redisPrefix), JSON.stringify(change));
  }
}

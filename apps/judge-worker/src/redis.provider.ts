import { Inject, Injectable, OnApplicationShutdown, Provider } from '@nestjs/common';
import Redis from 'ioredis';
import { WorkerConfig } from './config/worker-config';

export const REDIS = Symbol('REDIS');

/** One ioredis connection for publishing live events and the language list. */
export const redisProvider: Provider = {
  provide: REDIS,
  inject: [WorkerConfig],
  useFactory: (config: WorkerConfig) => new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 }),
};

/** Closes that connection when the worker stops, so a stopped worker leaves nothing open. */
@Injectable()
export class RedisCloser implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}

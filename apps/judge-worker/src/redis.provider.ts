import { Inject, Injectable, OnApplicationShutdown, Provider } from '@nestjs/common';
import { closeRedisConnection, createRedisConnection } from '@oj/messaging';
import Redis from 'ioredis';

import { WorkerConfig } from './config/worker-config';

export const REDIS = Symbol('REDIS');

/** One ioredis connection for publishing live events and the language list. */
export const redisProvider: Provider = {
  provide: REDIS,
  inject: [WorkerConfig],
  useFactory: (config: WorkerConfig) => createRedisConnection(config.REDIS_URL),
};

/** Closes that connection when the worker stops, so a stopped worker leaves nothing open. */
@Injectable()
export class RedisCloser implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  onApplicationShutdown(): Promise<void> {
    return closeRedisConnection(this.redis);
  }
}

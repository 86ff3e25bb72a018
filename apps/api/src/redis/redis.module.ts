import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { closeRedisConnection, createRedisConnection } from '@oj/messaging';
import Redis from 'ioredis';

import { AppConfig } from '../config/app-config';
import { RedisSubscriber } from './redis-subscriber';

export const REDIS = Symbol('REDIS');

/**
 * One shared ioredis connection for commands (rate limits, language cache, queue counts), and one for subscriptions
 * (RedisSubscriber), which every stream of the instance shares.
 */
@Global()
@Module({
  providers: [
    { provide: REDIS, inject: [AppConfig], useFactory: (config: AppConfig) => createRedisConnection(config.REDIS_URL) },
    RedisSubscriber,
  ],
  exports: [REDIS, RedisSubscriber],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  onApplicationShutdown(): Promise<void> {
    return closeRedisConnection(this.redis);
  }
}

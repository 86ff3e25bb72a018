import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { closeRedisConnection, createRedisConnection } from '@oj/messaging';
import Redis from 'ioredis';

import { AppConfig } from '../config/app-config';

export const REDIS = Symbol('REDIS');

/** One shared ioredis connection for commands (rate limits, language cache, queue counts). */
@Global()
@Module({
  providers: [{ provide: REDIS, inject: [AppConfig], useFactory: (config: AppConfig) => createRedisConnection(config.REDIS_URL) }],
  exports: [REDIS],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  onApplicationShutdown(): Promise<void> {
    return closeRedisConnection(this.redis);
  }
}

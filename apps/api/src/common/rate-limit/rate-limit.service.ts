import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { ERROR_CODES } from '@oj/contracts';
import Redis from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

import { AppConfig } from '../../config/app-config';
import { REDIS } from '../../redis/redis.module';
import { ApiException } from '../api-exception';

/** Thrown when a bucket is exhausted: a 429 whose Retry-After tells the client when to try again. */
export class RateLimitedException extends ApiException {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(HttpStatus.TOO_MANY_REQUESTS, ERROR_CODES.RATE_LIMITED, message);
  }
}

/**
 * Fixed one-minute windows counted in Redis, so a limit holds across every API replica.
 * One limiter per (bucket, points) pair, created on first use.
 */
@Injectable()
export class RateLimitService {
  private readonly limiters = new Map<string, RateLimiterRedis>();

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly config: AppConfig,
  ) {}

  async consume(bucket: string, key: string, perMinute: number, message = 'Too many requests. Please try again later.'): Promise<void> {
    try {
      await this.limiter(bucket, perMinute).consume(key);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) {
        throw new RateLimitedException(message, Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)));
      }
      throw rejection;
    }
  }

  private limiter(bucket: string, points: number): RateLimiterRedis {
    const id = `${bucket}:${points}`;
    let limiter = this.limiters.get(id);
    if (!limiter) {
      limiter = new RateLimiterRedis({
        storeClient: this.redis,
        keyPrefix: `${this.config.REDIS_PREFIX}:rl:${bucket}`,
        points,
        duration: 60,
      });
      this.limiters.set(id, limiter);
    }
    return limiter;
  }
}

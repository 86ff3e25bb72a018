import { Inject, Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

import { RateLimitedException } from '../common/rate-limit/rate-limit.service';
import { AppConfig } from '../config/app-config';
import { REDIS } from '../redis/redis.module';

/** How long wrong access codes are counted: the budget comes back this long after the first of a window. */
const WINDOW_SECONDS = 15 * 60;
const TOO_MANY = 'Too many wrong access codes. Please wait and try again.';

/**
 * Wrong contest access codes, counted per account and per client address in Redis (so across every API replica):
 * past ACCESS_CODE_FAILURES_PER_ACCOUNT or ACCESS_CODE_FAILURES_PER_ADDRESS wrong codes in 15 minutes, every
 * registration with a code from that account or address is refused with 429 and Retry-After, before the code is
 * compared, until the window ends. Each attempt takes its point before the comparison (one atomic Redis increment
 * per bucket, so a burst of concurrent guesses cannot all slip past the count) and a right code gives it back: only
 * wrong codes count, and those who type theirs right are never slowed.
 */
@Injectable()
export class AccessCodeGuesses {
  private readonly perAccount: RateLimiterRedis;
  private readonly perAddress: RateLimiterRedis;

  constructor(@Inject(REDIS) redis: Redis, config: AppConfig) {
    const limiter = (bucket: string, points: number) =>
      new RateLimiterRedis({ storeClient: redis, keyPrefix: `${config.REDIS_PREFIX}:rl:${bucket}`, points, duration: WINDOW_SECONDS });
    this.perAccount = limiter('access-code-account', config.ACCESS_CODE_FAILURES_PER_ACCOUNT);
    this.perAddress = limiter('access-code-address', config.ACCESS_CODE_FAILURES_PER_ADDRESS);
  }

  /**
   * Runs `isRight` (the comparison) if the account and the address have wrong codes left, counting it as wrong unless
   * it answers true; 429 when either has none left.
   */
  async attempt(accountId: string, address: string, isRight: () => boolean): Promise<boolean> {
    await this.take(this.perAccount, accountId);
    try {
      await this.take(this.perAddress, address);
    } catch (refused) {
      await this.perAccount.reward(accountId);
      throw refused;
    }
    const right = isRight();
    if (right) await Promise.all([this.perAccount.reward(accountId), this.perAddress.reward(address)]);
    return right;
  }

  private async take(limiter: RateLimiterRedis, key: string): Promise<void> {
    try {
      await limiter.consume(key);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes)
        throw new RateLimitedException(TOO_MANY, Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)));
      throw rejection;
    }
  }
}

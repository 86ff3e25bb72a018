import { Inject, Injectable } from '@nestjs/common';
import Redis from 'ioredis';

import { AppConfig } from '../../config/app-config';
import { REDIS } from '../../redis/redis.module';
import { RateLimitedException } from './rate-limit.service';

/** The delay after the first failure past the free ones; each further failure doubles it, up to MAX_DELAY_MS. */
const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 60_000;
/** Failures are forgotten after this long without another one. */
const FORGET_AFTER_MS = 15 * 60_000;

/**
 * One Redis round trip, atomic across API replicas: refuses an attempt while the account's delay runs (answering the
 * milliseconds left) and otherwise, once past the free failures, holds the next delay for the attempt in flight, so
 * concurrent guesses cannot all slip through before the first one has failed.
 * KEYS[1] the account's hash {failures, until}; ARGV: now, free failures, first delay, max delay, forget-after.
 */
const BEGIN_ATTEMPT = `
local failures = tonumber(redis.call('HGET', KEYS[1], 'failures') or '0')
local untilMs = tonumber(redis.call('HGET', KEYS[1], 'until') or '0')
local now = tonumber(ARGV[1])
if untilMs > now then return untilMs - now end
local free = tonumber(ARGV[2])
if failures >= free then
  local delay = math.min(tonumber(ARGV[3]) * 2 ^ (failures - free), tonumber(ARGV[4]))
  redis.call('HSET', KEYS[1], 'until', now + delay)
  redis.call('PEXPIRE', KEYS[1], ARGV[5])
end
return 0`;

/** Counts a failure and, once past the free ones, starts the account's next delay (same ARGV as BEGIN_ATTEMPT). */
const RECORD_FAILURE = `
local failures = redis.call('HINCRBY', KEYS[1], 'failures', 1)
local free = tonumber(ARGV[2])
if failures >= free then
  local delay = math.min(tonumber(ARGV[3]) * 2 ^ (failures - free), tonumber(ARGV[4]))
  redis.call('HSET', KEYS[1], 'until', tonumber(ARGV[1]) + delay)
end
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return failures`;

/**
 * The per-account bucket of failed logins, beside the per-address one (AuthRateLimitGuard): guesses spread over
 * many addresses, or arriving through a same-host proxy where every caller is loopback, still slow down. After
 * LOGIN_FAILURES_BEFORE_DELAY failures each further attempt waits 1 s, 2 s, 4 s … at most a minute (429 with
 * Retry-After) and the owner's successful login clears the count. There is no fixed lockout, but an attacker who
 * keeps failing keeps the delay running, so the owner may wait up to a minute per attempt while the attack lasts;
 * telling the owner's device apart (a device cookie) would end that. Keyed by the account when the name matches one (its username and email share
 * a bucket), otherwise by the normalised name, so unknown names are slowed alike.
 */
@Injectable()
export class AccountLoginLimit {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly config: AppConfig,
  ) {}

  /** Throws a 429 while the account's delay runs. */
  async beginAttempt(account: string): Promise<void> {
    const waitMs = Number(await this.redis.eval(BEGIN_ATTEMPT, 1, this.key(account), ...this.args()));
    if (waitMs > 0) {
      throw new RateLimitedException('Too many failed logins for this account. Please wait and try again.', Math.ceil(waitMs / 1000));
    }
  }

  async recordFailure(account: string): Promise<void> {
    await this.redis.eval(RECORD_FAILURE, 1, this.key(account), ...this.args());
  }

  async reset(account: string): Promise<void> {
    await this.redis.del(this.key(account));
  }

  private key(account: string): string {
    return `${this.config.REDIS_PREFIX}:login-failures:${account}`;
  }

  private args(): number[] {
    return [Date.now(), this.config.LOGIN_FAILURES_BEFORE_DELAY, FIRST_DELAY_MS, MAX_DELAY_MS, FORGET_AFTER_MS];
  }
}

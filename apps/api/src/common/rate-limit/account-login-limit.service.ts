import { Inject, Injectable, Logger } from '@nestjs/common';
import Redis from 'ioredis';

import { AppConfig } from '../../config/app-config';
import { REDIS } from '../../redis/redis.module';
import { RateLimitedException } from './rate-limit.service';

/** The delay after the first failure past the free ones; each further failure doubles it, up to MAX_DELAY_MS. */
const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 60_000;
/** Failures are forgotten after this long without another one. */
const FORGET_AFTER_MS = 15 * 60_000;
/** An address the owner logged in from stays known this long after its last success … */
const KNOWN_FOR_MS = 30 * 24 * 60 * 60_000;
/** … and an account keeps its most recent this many known addresses. */
const KNOWN_ADDRESSES_KEPT = 20;

/**
 * One Redis round trip, atomic across API replicas: refuses an attempt while a delay that applies to it runs
 * (answering the milliseconds left) and otherwise, for each bucket past its free failures, holds the next delay for
 * the attempt in flight, so concurrent guesses cannot all slip through before the first one has failed.
 * The pair's delay (this address on this account) always applies; the account's only to an address that has not
 * logged in to it within KNOWN_FOR_MS.
 * KEYS: the pair's hash {failures, until}, the account's hash {failures: one per failing address, until}, the account's known addresses
 * (sorted set, scored by the last success). ARGV: now, free failures, first delay, max delay, forget-after,
 * address, known-for.
 */
const BEGIN_ATTEMPT = `
local now = tonumber(ARGV[1])
local free = tonumber(ARGV[2])
local lastSuccess = tonumber(redis.call('ZSCORE', KEYS[3], ARGV[6]) or '0')
local buckets = {KEYS[1]}
if lastSuccess < now - tonumber(ARGV[7]) then buckets[2] = KEYS[2] end
local wait = 0
for _, bucket in ipairs(buckets) do
  local untilMs = tonumber(redis.call('HGET', bucket, 'until') or '0')
  if untilMs - now > wait then wait = untilMs - now end
end
if wait > 0 then return wait end
for _, bucket in ipairs(buckets) do
  local count = tonumber(redis.call('HGET', bucket, 'failures') or '0')
  if count >= free then
    redis.call('HSET', bucket, 'until', now + math.min(tonumber(ARGV[3]) * 2 ^ (count - free), tonumber(ARGV[4])))
    redis.call('PEXPIRE', bucket, ARGV[5])
  end
end
return 0`;

/**
 * Counts a failure on the pair and, when it is the address's first, one more failing address on the account; each
 * bucket past its free count starts its next delay. Returns the account's count of failing addresses, or 0 when
 * this address had failed before (same KEYS[1..2] and ARGV[1..5] as BEGIN_ATTEMPT).
 */
const RECORD_FAILURE = `
local now = tonumber(ARGV[1])
local free = tonumber(ARGV[2])
local function delay(key, count)
  if count >= free then
    redis.call('HSET', key, 'until', now + math.min(tonumber(ARGV[3]) * 2 ^ (count - free), tonumber(ARGV[4])))
  end
  redis.call('PEXPIRE', key, ARGV[5])
end
local failures = redis.call('HINCRBY', KEYS[1], 'failures', 1)
delay(KEYS[1], failures)
local addresses = tonumber(redis.call('HGET', KEYS[2], 'failures') or '0')
local newAddress = failures == 1
if newAddress then addresses = redis.call('HINCRBY', KEYS[2], 'failures', 1) end
if addresses > 0 then delay(KEYS[2], addresses) end
if newAddress then return addresses end
return 0`;

/** Clears both buckets and remembers the address as one the owner logs in from (KEYS as BEGIN_ATTEMPT). */
const SUCCEED = `
local now = tonumber(ARGV[1])
redis.call('DEL', KEYS[1], KEYS[2])
redis.call('ZADD', KEYS[3], now, ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now - tonumber(ARGV[3]))
redis.call('ZREMRANGEBYRANK', KEYS[3], 0, -1 - tonumber(ARGV[4]))
redis.call('PEXPIRE', KEYS[3], ARGV[3])
return 0`;

/**
 * Failed logins slow the guesser, never the owner. Beside the per-address budget (AuthRateLimitGuard) two buckets
 * count failures:
 * - the pair of this address and this account: after LOGIN_FAILURES_BEFORE_DELAY failures each further attempt from
 *   that address waits 1 s, 2 s, 4 s … at most a minute (429 with Retry-After). One address that keeps failing only
 *   delays itself: the owner elsewhere logs in at once.
 * - the account, against guessing spread over many addresses: it counts the addresses that failed on it, and once
 *   LOGIN_FAILURES_BEFORE_DELAY of them have, every attempt from an address not known to the account waits the same
 *   way (the delay doubling with each further failing address), and a warning is logged. An address is known for
 *   30 days after the owner logs in (or registers) from it, so however many addresses an attacker has, the owner's
 *   usual ones still log in.
 * A success clears both buckets. Keyed by the account when the name matches one (its username and email share the
 * buckets), otherwise by the normalised name, so unknown names are slowed alike.
 */
@Injectable()
export class AccountLoginLimit {
  private readonly logger = new Logger(AccountLoginLimit.name);

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly config: AppConfig,
  ) {}

  /** Throws a 429 while a delay that applies to this address on this account runs. */
  async beginAttempt(account: string, address: string): Promise<void> {
    const waitMs = Number(await this.redis.eval(BEGIN_ATTEMPT, 3, ...this.keys(account, address), ...this.args(), address, KNOWN_FOR_MS));
    if (waitMs > 0) {
      throw new RateLimitedException('Too many failed logins for this account. Please wait and try again.', Math.ceil(waitMs / 1000));
    }
  }

  async recordFailure(account: string, address: string): Promise<void> {
    const [pair, accountKey] = this.keys(account, address);
    const newAddresses = Number(await this.redis.eval(RECORD_FAILURE, 2, pair, accountKey, ...this.args()));
    if (newAddresses === this.config.LOGIN_FAILURES_BEFORE_DELAY) {
      this.logger.warn(`Failed logins for ${account} from ${newAddresses} addresses: logins from addresses it has not used now wait`);
    }
  }

  /** The owner got in: both buckets clear, and the address becomes one of the account's known ones. */
  async succeeded(account: string, address: string): Promise<void> {
    await this.redis.eval(SUCCEED, 3, ...this.keys(account, address), Date.now(), address, KNOWN_FOR_MS, KNOWN_ADDRESSES_KEPT);
  }

  private keys(account: string, address: string): [pair: string, account: string, known: string] {
    const prefix = this.config.REDIS_PREFIX;
    return [
      `${prefix}:login-failures:${account}:from:${address}`,
      `${prefix}:login-failures:${account}`,
      `${prefix}:login-known:${account}`,
    ];
  }

  private args(): number[] {
    return [Date.now(), this.config.LOGIN_FAILURES_BEFORE_DELAY, FIRST_DELAY_MS, MAX_DELAY_MS, FORGET_AFTER_MS];
  }
}

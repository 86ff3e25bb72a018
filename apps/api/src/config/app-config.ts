import { BaseConfig, ConfigProblem, loadConfig, toBool, toInt } from '@oj/messaging';
import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, IsNotIn, IsOptional, IsString, Max, Min, MinLength } from 'class-validator';

import { DEFAULT_PASSWORD_HASH_COST, MIN_PASSWORD_HASH_COST, PasswordHashCost } from '../users/password-hasher';
import { DEFAULT_ADMIN_PASSWORD, isKnownWeakPassword } from './known-passwords';

/** Secrets that once were defaults in this repository: anyone can sign with them, so none may be configured. */
const PUBLISHED_SECRETS = ['dev-access-secret-change-me', 'dev-refresh-secret-change-me'];

/**
 * The API's whole configuration, read from the environment once at start-up and validated:
 * a bad value stops the process with one line naming the variable. The settings it shares with the worker are in
 * BaseConfig.
 */
export class AppConfig extends BaseConfig {
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 3000;

  /** Key of the access tokens; when unset the site generates one on first start and keeps it in its database. */
  @IsOptional()
  @IsString()
  @MinLength(16)
  @IsNotIn(PUBLISHED_SECRETS, { message: 'JWT_ACCESS_SECRET must not be a value published in this repository.' })
  JWT_ACCESS_SECRET?: string;

  @IsString()
  ADMIN_USERNAME = 'admin';

  @IsString()
  ADMIN_EMAIL = 'admin@example.com';

  /** Password of the admin account created at first start; production refuses the default and known weak ones. */
  @IsString()
  @MinLength(8)
  ADMIN_PASSWORD = DEFAULT_ADMIN_PASSWORD;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  AUTH_RATE_LIMIT_PER_MINUTE = 10;

  /**
   * The cost of a new password hash (argon2id): memory in KiB, passes, lanes. Never less than OWASP's minimum; a
   * login checks each hash at the cost it was made with, so a change applies to passwords set after it.
   */
  @Transform(toInt)
  @IsInt()
  @Min(MIN_PASSWORD_HASH_COST.memoryKiB)
  @Max(4 * 1024 * 1024)
  PASSWORD_HASH_MEMORY_KIB = DEFAULT_PASSWORD_HASH_COST.memoryKiB;

  @Transform(toInt)
  @IsInt()
  @Min(MIN_PASSWORD_HASH_COST.iterations)
  @Max(100)
  PASSWORD_HASH_ITERATIONS = DEFAULT_PASSWORD_HASH_COST.iterations;

  @Transform(toInt)
  @IsInt()
  @Min(MIN_PASSWORD_HASH_COST.parallelism)
  @Max(64)
  PASSWORD_HASH_PARALLELISM = DEFAULT_PASSWORD_HASH_COST.parallelism;

  /**
   * Failed logins from one address on one account, or addresses that failed on one account, before further attempts
   * (from that address; from addresses the owner has not logged in from) wait: 1 s, then 2 s, 4 s … up to a minute;
   * a successful login clears the counts.
   */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  LOGIN_FAILURES_BEFORE_DELAY = 5;

  /** Wrong contest access codes one account may send in 15 minutes; then registering with a code answers 429. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  ACCESS_CODE_FAILURES_PER_ACCOUNT = 5;

  /** Wrong contest access codes one client address may send in 15 minutes (everyone behind one NAT shares this). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  ACCESS_CODE_FAILURES_PER_ADDRESS = 20;

  /** Clarifications (questions) one account may send per minute; admins, who answer, are not limited. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  CLARIFICATIONS_PER_MINUTE = 5;

  /** Password changes per account per minute (each one checks the current password). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  PASSWORD_CHANGES_PER_MINUTE = 5;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  SUBMISSIONS_PER_MINUTE = 6;

  /** Custom-input runs (POST /api/judge/run) per account per minute. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  RUNS_PER_MINUTE = 10;

  /** Checker trials (POST /api/judge/checker-trial, each a compile on a worker) per account per minute. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  CHECKER_TRIALS_PER_MINUTE = 10;

  /** Test validations (POST /api/judge/validate, up to 1,000 tests each) per account per minute. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  VALIDATIONS_PER_MINUTE = 10;

  @Transform(toBool)
  @IsBoolean()
  SEED_DEMO = true;

  /**
   * How long POST /api/judge/validate, /run and /checker-trial (and a problem save's checker compile) wait for a
   * worker's answer; then the job is cancelled.
   */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  VALIDATE_TIMEOUT_MS = 60_000;

  /** Interval of the stream heartbeats (15–25 s keeps proxies from closing idle streams). */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  LIVE_HEARTBEAT_MS = 20_000;

  /** Live streams one account may hold open on one API instance; the next one is refused with 429. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  LIVE_STREAMS_PER_USER = 10;

  /** Live streams one client address may hold open on one API instance (everyone behind one NAT shares this). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  LIVE_STREAMS_PER_IP = 50;

  /**
   * How often an open CLICS event feed reads its contest again without being told of a change: results, new
   * submissions and board changes wake it at once (Redis), this catches what no event announces (the contest's
   * times passing).
   */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  CLICS_FEED_POLL_MS = 5_000;

  /** Directory of the built SPA served at /; empty disables static serving. */
  @IsString()
  WEB_DIST_DIR = '';

  /**
   * Express `trust proxy`: the peers whose X-Forwarded-For / X-Forwarded-Proto are believed (client addresses for
   * rate limits). `loopback`, subnets such as `172.16.0.0/12`, a comma list, a hop count, `true` or `false`.
   */
  @IsString()
  TRUST_PROXY = 'loopback';

  /** Serve the SPA's source maps (*.map); off by default so the site does not publish its source. */
  @Transform(toBool)
  @IsBoolean()
  WEB_SOURCE_MAPS = false;

  get passwordHashCost(): PasswordHashCost {
    return {
      memoryKiB: this.PASSWORD_HASH_MEMORY_KIB,
      iterations: this.PASSWORD_HASH_ITERATIONS,
      parallelism: this.PASSWORD_HASH_PARALLELISM,
    };
  }

  get trustProxy(): boolean | number | string {
    if (this.TRUST_PROXY === 'true' || this.TRUST_PROXY === 'false') return this.TRUST_PROXY === 'true';
    return /^\d+$/.test(this.TRUST_PROXY) ? Number(this.TRUST_PROXY) : this.TRUST_PROXY;
  }
}

/** A production site never starts with a password anyone can look up: not the default, not a known weak one. */
function adminPasswordProblems(config: AppConfig): ConfigProblem[] {
  if (config.NODE_ENV !== 'production' || !isKnownWeakPassword(config.ADMIN_PASSWORD)) return [];
  const which = config.ADMIN_PASSWORD === DEFAULT_ADMIN_PASSWORD ? 'is unset or the built-in default' : 'is a well-known password';
  return [{ property: 'ADMIN_PASSWORD', message: `ADMIN_PASSWORD ${which}; set ADMIN_PASSWORD to a password of your own in production` }];
}

export function loadAppConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  return loadConfig(AppConfig, env, adminPasswordProblems);
}

import { plainToInstance, Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, Min, MinLength, validateSync } from 'class-validator';

const toInt = ({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : Number(value));
const toBool = ({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : String(value) !== 'false');

/**
 * The API's whole configuration, read from the environment once at start-up and validated:
 * a bad value stops the process with one line naming the variable.
 */
export class AppConfig {
  @IsIn(['development', 'production', 'test'])
  NODE_ENV = 'development';

  @IsString()
  DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/online_judge';

  @IsString()
  REDIS_URL = 'redis://127.0.0.1:6379';

  /** Prefix of every Redis key (queues, rate limits, live events): lets tests and sites share one Redis. */
  @IsString()
  REDIS_PREFIX = 'oj';

  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 3000;

  @IsOptional()
  @IsString()
  @MinLength(16)
  JWT_ACCESS_SECRET?: string;

  @IsOptional()
  @IsString()
  @MinLength(16)
  JWT_REFRESH_SECRET?: string;

  @IsString()
  ADMIN_USERNAME = 'admin';

  @IsString()
  ADMIN_EMAIL = 'admin@example.com';

  @IsString()
  @MinLength(8)
  ADMIN_PASSWORD = 'admin12345';

  @Transform(toInt)
  @IsInt()
  @Min(1)
  AUTH_RATE_LIMIT_PER_MINUTE = 10;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  SUBMISSIONS_PER_MINUTE = 6;

  @Transform(toBool)
  @IsBoolean()
  SEED_DEMO = true;

  /** How long POST /api/judge/validate waits for a worker's answer. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  VALIDATE_TIMEOUT_MS = 60_000;

  /** Interval of the stream heartbeats (15–25 s keeps proxies from closing idle streams). */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  LIVE_HEARTBEAT_MS = 20_000;

  /** Directory of the built SPA served at /; empty disables static serving. */
  @IsString()
  WEB_DIST_DIR = '';

  get accessSecret(): string {
    return this.JWT_ACCESS_SECRET ?? 'dev-access-secret-change-me';
  }

  get refreshSecret(): string {
    return this.JWT_REFRESH_SECRET ?? 'dev-refresh-secret-change-me';
  }
}

export function loadAppConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const defined = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const config = plainToInstance(AppConfig, defined, { exposeDefaultValues: true });
  const errors = validateSync(config, { skipMissingProperties: false });
  if (config.NODE_ENV === 'production') {
    for (const key of ['JWT_ACCESS_SECRET', 'JWT_REFRESH_SECRET'] as const) {
      if (!config[key]) errors.push({ property: key, constraints: { required: `${key} is required when NODE_ENV=production` } } as never);
    }
  }
  if (errors.length) {
    const lines = errors.map((e) => `${e.property}: ${Object.values(e.constraints ?? {}).join('; ')}`);
    throw new Error(`Invalid configuration: ${lines.join(' | ')}`);
  }
  return config;
}

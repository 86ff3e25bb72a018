import { parseTimeFactors, TimeFactors } from '@oj/contracts';
import { LOG_LEVELS, MetricsPolicy } from '@oj/observability';
import { plainToInstance, Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional, IsString, MinLength, validateSync } from 'class-validator';
import type { LevelWithSilent } from 'pino';

/** class-transformer helpers for environment values: an empty value counts as unset (the default applies). */
export const toInt = ({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : Number(value));
export const toBool = ({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : String(value) !== 'false');

/** The settings the API and the worker share: the same database, Redis and prefix make them one site. */
export class BaseConfig {
  @IsIn(['development', 'production', 'test'])
  NODE_ENV = 'development';

  @IsString()
  DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/online_judge';

  @IsString()
  REDIS_URL = 'redis://127.0.0.1:6379';

  /** Prefix of every Redis key (queues, rate limits, live events): lets tests and sites share one Redis. */
  @IsString()
  REDIS_PREFIX = 'oj';

  /** Minimum level of the log lines written to stdout (JSON in production and tests, readable in development). */
  @IsIn(LOG_LEVELS)
  LOG_LEVEL: LevelWithSilent = 'info';

  /** Bearer token that /metrics requires; unset, /metrics is off unless METRICS_ALLOW_LOOPBACK is set. */
  @IsOptional()
  @IsString()
  @MinLength(16)
  METRICS_TOKEN?: string;

  /**
   * Without METRICS_TOKEN, serve /metrics to loopback callers. Off by default: behind a same-host proxy that adds
   * no X-Forwarded-For every visitor looks like loopback, so this is opened only on purpose.
   */
  @Transform(toBool)
  @IsBoolean()
  METRICS_ALLOW_LOOPBACK = false;

  /**
   * JSON object of language id → CPU time factor, over the defaults (libs/contracts time-factors.ts). The API shows
   * the limits the workers enforce, so both read the same variable.
   */
  @IsOptional()
  @IsString()
  LANGUAGE_TIME_FACTORS?: string;

  /** Who may read /metrics. */
  get metricsPolicy(): MetricsPolicy {
    return { token: this.METRICS_TOKEN, allowLoopback: this.METRICS_ALLOW_LOOPBACK };
  }

  /** The time factors in force; loadConfig has checked that they parse. */
  get timeFactors(): TimeFactors {
    return parseTimeFactors(this.LANGUAGE_TIME_FACTORS);
  }
}

/** LANGUAGE_TIME_FACTORS that does not parse, as a problem. */
function timeFactorProblems(config: BaseConfig): ConfigProblem[] {
  try {
    parseTimeFactors(config.LANGUAGE_TIME_FACTORS);
    return [];
  } catch (error) {
    return [{ property: 'LANGUAGE_TIME_FACTORS', message: (error as Error).message }];
  }
}

/** A rule between settings that decorators cannot express, broken: the variable and what is wrong with it. */
export interface ConfigProblem {
  property: string;
  message: string;
}

/**
 * Reads a configuration class from the environment (empty values count as unset) and validates it: a bad value
 * stops the process with one line naming every variable at fault.
 */
export function loadConfig<T extends BaseConfig>(
  type: new () => T,
  env: NodeJS.ProcessEnv,
  crossChecks: (config: T) => ConfigProblem[] = () => [],
): T {
  const defined = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const config = plainToInstance(type, defined, { exposeDefaultValues: true });
  const problems = validateSync(config).map((e) => ({ property: e.property, message: Object.values(e.constraints ?? {}).join('; ') }));
  problems.push(...timeFactorProblems(config), ...crossChecks(config));
  if (problems.length) throw new Error(`Invalid configuration: ${problems.map((p) => `${p.property}: ${p.message}`).join(' | ')}`);
  return config;
}

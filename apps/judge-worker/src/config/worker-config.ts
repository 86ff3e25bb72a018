import { plainToInstance, Transform } from 'class-transformer';
import { LOG_LEVELS } from '@oj/observability';
import { IsIn, IsInt, IsOptional, IsString, Matches, Min, MinLength, validateSync } from 'class-validator';
import type { LevelWithSilent } from 'pino';
import { cpus } from 'os';

const toInt = ({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : Number(value));

/** The judge worker's configuration, read from the environment once and validated at start-up. */
export class WorkerConfig {
  @IsIn(['development', 'production', 'test'])
  NODE_ENV = 'development';

  @IsString()
  DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/online_judge';

  @IsString()
  REDIS_URL = 'redis://127.0.0.1:6379';

  @IsString()
  REDIS_PREFIX = 'oj';

  @IsIn(['local', 'judge0'])
  JUDGE_ENGINE: 'local' | 'judge0' = 'local';

  @IsOptional()
  @IsString()
  JUDGE0_URL?: string;

  @IsOptional()
  @IsString()
  JUDGE0_AUTH_TOKEN?: string;

  /** Jobs graded in parallel by this worker. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  WORKER_CONCURRENCY = Math.max(1, cpus().length);

  /** How long a job's lock lasts without renewal; a killed worker's job is handed on after about this long. */
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  JOB_LOCK_MS = 30_000;

  /** How often a worker looks for submissions left without a job (Redis lost its data) and queues them again. */
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  RECONCILE_INTERVAL_MS = 60_000;

  /** Host directory for the local engine's per-submission work directories. */
  @IsOptional()
  @IsString()
  SANDBOX_WORK_ROOT?: string;

  /** Minimum level of the log lines written to stdout (JSON in production and tests, readable in development). */
  @IsIn(LOG_LEVELS)
  LOG_LEVEL: LevelWithSilent = 'info';

  /**
   * Port of the worker's own HTTP server (health probes and /metrics): a number, `0` for any free port (the
   * chosen one is logged), or `off` for none. Several workers on one host each need their own.
   */
  @Matches(/^(off|\d{1,5})$/, { message: 'WORKER_HTTP_PORT must be a port number, 0 (any free port) or off' })
  WORKER_HTTP_PORT = '3001';

  /** Bearer token that /metrics requires; unset, /metrics answers loopback callers only. */
  @IsOptional()
  @IsString()
  @MinLength(16)
  METRICS_TOKEN?: string;

  /** The HTTP port to listen on, or null when the worker serves no HTTP. */
  get httpPort(): number | null {
    return this.WORKER_HTTP_PORT === 'off' ? null : Number(this.WORKER_HTTP_PORT);
  }
}

export function loadWorkerConfig(env: NodeJS.ProcessEnv = process.env): WorkerConfig {
  const defined = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const config = plainToInstance(WorkerConfig, defined, { exposeDefaultValues: true });
  const errors = validateSync(config);
  if (config.JUDGE_ENGINE === 'judge0' && !config.JUDGE0_URL) {
    errors.push({ property: 'JUDGE0_URL', constraints: { required: 'JUDGE0_URL is required when JUDGE_ENGINE=judge0' } } as never);
  }
  if ((config.httpPort ?? 0) > 65535) {
    errors.push({ property: 'WORKER_HTTP_PORT', constraints: { range: 'WORKER_HTTP_PORT must be at most 65535' } } as never);
  }
  if (errors.length) {
    throw new Error(`Invalid configuration: ${errors.map((e) => `${e.property}: ${Object.values(e.constraints ?? {}).join('; ')}`).join(' | ')}`);
  }
  return config;
}

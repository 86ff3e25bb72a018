import { plainToInstance, Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Min, validateSync } from 'class-validator';
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

  /** Host directory for the local engine's per-submission work directories. */
  @IsOptional()
  @IsString()
  SANDBOX_WORK_ROOT?: string;
}

export function loadWorkerConfig(env: NodeJS.ProcessEnv = process.env): WorkerConfig {
  const defined = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const config = plainToInstance(WorkerConfig, defined, { exposeDefaultValues: true });
  const errors = validateSync(config);
  if (config.JUDGE_ENGINE === 'judge0' && !config.JUDGE0_URL) {
    errors.push({ property: 'JUDGE0_URL', constraints: { required: 'JUDGE0_URL is required when JUDGE_ENGINE=judge0' } } as never);
  }
  if (errors.length) {
    throw new Error(`Invalid configuration: ${errors.map((e) => `${e.property}: ${Object.values(e.constraints ?? {}).join('; ')}`).join(' | ')}`);
  }
  return config;
}

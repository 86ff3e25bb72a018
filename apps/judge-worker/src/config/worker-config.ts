import { BaseConfig, loadConfig, toInt } from '@oj/messaging';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Matches, Min } from 'class-validator';
import { cpus } from 'os';

import { DEFAULT_CHECKER_CACHE_MB } from '../engines/local/checker-cache';

/** The judge worker's configuration, read from the environment once and validated at start-up. */
export class WorkerConfig extends BaseConfig {
  @IsIn(['local', 'judge0'])
  JUDGE_ENGINE: 'local' | 'judge0' = 'local';

  @IsOptional()
  @IsString()
  JUDGE0_URL?: string;

  @IsOptional()
  @IsString()
  JUDGE0_AUTH_TOKEN?: string;

  /** Submissions graded in parallel by this worker (N); runs, validations and checker jobs share ⌈N/2⌉ more slots. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  WORKER_CONCURRENCY = Math.max(1, cpus().length);

  /** How long a job's lock lasts without renewal; a killed worker's job is handed on after about this long. */
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  JOB_LOCK_MS = 30_000;

  /**
   * How long a stopping worker (SIGTERM or SIGINT) lets the jobs in hand finish; any still running then goes back
   * to its queue for another worker, and the worker exits. Keep it below the orchestrator's grace period
   * (Kubernetes' terminationGracePeriodSeconds, docker compose's stop_grace_period), with time for the hand-back.
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  WORKER_STOP_GRACE_MS = 60_000;

  /** How often a worker looks for submissions left without a job (Redis lost its data) and queues them again. */
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  RECONCILE_INTERVAL_MS = 60_000;

  /** Host directory for the local engine's per-submission work directories. */
  @IsOptional()
  @IsString()
  SANDBOX_WORK_ROOT?: string;

  /**
   * The most the compiled custom checkers may take in SANDBOX_WORK_ROOT/checkers, MiB; past it the least recently
   * used go. At least 16, the largest checker binary.
   */
  @Transform(toInt)
  @IsInt()
  @Min(16)
  CHECKER_CACHE_MAX_MB = DEFAULT_CHECKER_CACHE_MB;

  /**
   * Port of the worker's own HTTP server (health probes and /metrics): a number, `0` for any free port (the
   * chosen one is logged), or `off` for none. Several workers on one host each need their own.
   */
  @Matches(/^(off|\d{1,5})$/, { message: 'WORKER_HTTP_PORT must be a port number, 0 (any free port) or off' })
  WORKER_HTTP_PORT = '3001';

  /**
   * Address the worker's HTTP server binds to: loopback by default, so its probes and metrics are not on the
   * network by accident. `0.0.0.0` (or a LAN address) opens it on purpose, e.g. for a Prometheus in another
   * container; set METRICS_TOKEN then.
   */
  @IsString()
  @IsNotEmpty()
  WORKER_HTTP_HOST = '127.0.0.1';

  /**
   * `on`: Python and PyPy tests run as children of one interpreter initialised per submission (a fork server);
   * `off`: every test starts its interpreter afresh.
   */
  @IsIn(['on', 'off'])
  JUDGE_FORK_SERVER: 'on' | 'off' = 'on';

  get checkerCacheBytes(): number {
    return this.CHECKER_CACHE_MAX_MB * 1024 * 1024;
  }

  /** The HTTP port to listen on, or null when the worker serves no HTTP. */
  get httpPort(): number | null {
    return this.WORKER_HTTP_PORT === 'off' ? null : Number(this.WORKER_HTTP_PORT);
  }
}

export function loadWorkerConfig(env: NodeJS.ProcessEnv = process.env): WorkerConfig {
  return loadConfig(WorkerConfig, env, (config) => [
    ...(config.JUDGE_ENGINE === 'judge0' && !config.JUDGE0_URL
      ? [{ property: 'JUDGE0_URL', message: 'JUDGE0_URL is required when JUDGE_ENGINE=judge0' }]
      : []),
    // Judge0 runs whatever it is sent: in production it must demand a token (AUTHN_TOKEN), and the worker send it.
    ...(config.JUDGE_ENGINE === 'judge0' && config.NODE_ENV === 'production' && !config.JUDGE0_AUTH_TOKEN
      ? [{ property: 'JUDGE0_AUTH_TOKEN', message: 'JUDGE0_AUTH_TOKEN is required when JUDGE_ENGINE=judge0 in production' }]
      : []),
    ...((config.httpPort ?? 0) > 65535 ? [{ property: 'WORKER_HTTP_PORT', message: 'WORKER_HTTP_PORT must be at most 65535' }] : []),
  ]);
}

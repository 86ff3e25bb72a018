import { cpus } from 'os';

import { loadWorkerConfig } from '../../src/config/worker-config';

describe('worker configuration', () => {
  it('has working local defaults', () => {
    expect(loadWorkerConfig({})).toMatchObject({
      NODE_ENV: 'development',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/online_judge',
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_PREFIX: 'oj',
      JUDGE_ENGINE: 'local',
      WORKER_CONCURRENCY: Math.max(1, cpus().length),
      JOB_LOCK_MS: 30_000,
      WORKER_STOP_GRACE_MS: 60_000,
      WORKER_HTTP_HOST: '127.0.0.1',
      METRICS_ALLOW_LOOPBACK: false,
    });
  });

  it('reads numbers and the Judge0 settings from the environment, ignoring empty values', () => {
    const config = loadWorkerConfig({
      JUDGE_ENGINE: 'judge0',
      JUDGE0_URL: 'http://judge0:2358',
      JUDGE0_AUTH_TOKEN: 'token',
      WORKER_CONCURRENCY: '3',
      WORKER_STOP_GRACE_MS: '0',
      REDIS_PREFIX: 'site-a',
      SANDBOX_WORK_ROOT: '',
    });
    expect(config).toMatchObject({
      JUDGE_ENGINE: 'judge0',
      JUDGE0_URL: 'http://judge0:2358',
      JUDGE0_AUTH_TOKEN: 'token',
      WORKER_CONCURRENCY: 3,
      WORKER_STOP_GRACE_MS: 0,
      REDIS_PREFIX: 'site-a',
    });
    expect(config.SANDBOX_WORK_ROOT).toBeUndefined();
  });

  it.each([
    [{ JUDGE_ENGINE: 'docker' }, /JUDGE_ENGINE/],
    [{ JUDGE_ENGINE: 'judge0' }, /JUDGE0_URL: JUDGE0_URL is required when JUDGE_ENGINE=judge0/],
    [
      { JUDGE_ENGINE: 'judge0', JUDGE0_URL: 'http://judge0:2358', NODE_ENV: 'production' },
      /JUDGE0_AUTH_TOKEN: JUDGE0_AUTH_TOKEN is required when JUDGE_ENGINE=judge0 in production/,
    ],
    [{ WORKER_CONCURRENCY: '0' }, /WORKER_CONCURRENCY/],
    [{ WORKER_CONCURRENCY: 'many' }, /WORKER_CONCURRENCY/],
    [{ NODE_ENV: 'staging' }, /NODE_ENV/],
    [{ JOB_LOCK_MS: '10' }, /JOB_LOCK_MS/],
    [{ WORKER_STOP_GRACE_MS: '-1' }, /WORKER_STOP_GRACE_MS/],
    [{ WORKER_STOP_GRACE_MS: 'a minute' }, /WORKER_STOP_GRACE_MS/],
    [{ CHECKER_CACHE_MAX_MB: '8' }, /CHECKER_CACHE_MAX_MB/],
    [{ JUDGE_FORK_SERVER: 'no' }, /JUDGE_FORK_SERVER/],
    [
      { LANGUAGE_TIME_FACTORS: '{"71": "fast"}' },
      /LANGUAGE_TIME_FACTORS: LANGUAGE_TIME_FACTORS: the factor of language 71 must be a number above 0/,
    ],
    [{ LANGUAGE_TIME_FACTORS: 'python=3' }, /LANGUAGE_TIME_FACTORS: LANGUAGE_TIME_FACTORS must be a JSON object/],
  ])('refuses %j at start-up', (env, message) => {
    expect(() => loadWorkerConfig(env)).toThrow(message);
  });

  it('caps the checker cache at 256 MiB unless told otherwise', () => {
    expect(loadWorkerConfig({}).checkerCacheBytes).toBe(256 * 1024 * 1024);
    expect(loadWorkerConfig({ CHECKER_CACHE_MAX_MB: '64' }).checkerCacheBytes).toBe(64 * 1024 * 1024);
  });

  it('runs Python tests under a fork server unless told off', () => {
    expect(loadWorkerConfig({}).JUDGE_FORK_SERVER).toBe('on');
    expect(loadWorkerConfig({ JUDGE_FORK_SERVER: 'off' }).JUDGE_FORK_SERVER).toBe('off');
  });

  it('reads the language time factors over the defaults', () => {
    expect(loadWorkerConfig({}).timeFactors[71]).toBe(3);
    expect(loadWorkerConfig({ LANGUAGE_TIME_FACTORS: '{"71": 1.5}' }).timeFactors).toMatchObject({ 71: 1.5, 62: 2 });
  });
});

import { ChildProcess, spawn, spawnSync } from 'child_process';
import { randomBytes } from 'crypto';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'fs';
import Redis from 'ioredis';
import { createServer } from 'net';
import { tmpdir } from 'os';
import { join } from 'path';
import { Client } from 'pg';

import { DeploySteps } from './deploy-files';

const root = join(__dirname, '../../..');

/** A process of the site, with what it printed (shown when the check fails). */
interface SiteProcess {
  child: ChildProcess;
  output: string[];
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

function randomHex(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}

/**
 * The judge as its image runs it, outside Docker: the lock installed without development packages in a directory of
 * its own, the built dist/ and the image's tools beside it, a fresh database and Redis prefix, NODE_ENV=production.
 */
export class ProductionSite {
  readonly dir = mkdtempSync(join(tmpdir(), 'oj-production-'));
  readonly adminPassword = randomHex(12);
  private readonly suffix = randomHex(5);
  private readonly baseDatabaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  private readonly redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  private readonly redisPrefix = `oj_production_${this.suffix}`;
  private readonly processes: SiteProcess[] = [];
  private env: Record<string, string> = {};
  port = 0;

  constructor(private readonly steps: DeploySteps) {}

  get databaseUrl(): string {
    const url = new URL(this.baseDatabaseUrl);
    url.pathname = `/oj_production_${this.suffix}`;
    return url.toString();
  }

  /**
   * The image's install step, from npm's cache when it holds the packages (`--prefer-offline`: a second run
   * downloads nothing); `npm ci` is not what the image runs. Returns what npm printed.
   */
  install(): string {
    cpSync(join(root, 'package.json'), join(this.dir, 'package.json'));
    cpSync(join(root, 'package-lock.json'), join(this.dir, 'package-lock.json'));
    const [command, ...args] = this.steps.install;
    const result = spawnSync(command, [...args, '--prefer-offline'], { cwd: this.dir, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${this.steps.install.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
    cpSync(join(root, 'dist'), join(this.dir, 'dist'), { recursive: true });
    for (const tool of this.steps.tools) cpSync(join(root, tool), join(this.dir, tool));
    return `${result.stdout}\n${result.stderr}`;
  }

  /** Migrates and creates the admin (compose's `migrate`), then starts the API and one worker as compose does. */
  async start(): Promise<void> {
    this.port = await freePort();
    this.env = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? this.dir,
      NODE_ENV: 'production',
      DATABASE_URL: this.databaseUrl,
      REDIS_URL: this.redisUrl,
      REDIS_PREFIX: this.redisPrefix,
      ADMIN_PASSWORD: this.adminPassword,
      JWT_ACCESS_SECRET: randomHex(32),
      PORT: String(this.port),
      WORKER_HTTP_PORT: '0',
      LOG_LEVEL: 'warn',
      ...(existsSync(join(this.dir, 'dist/web')) ? { WEB_DIST_DIR: join(this.dir, 'dist/web') } : {}),
    };
    const [command, ...args] = this.steps.migrate;
    const migrate = spawnSync(command, args, { cwd: this.dir, env: this.env, encoding: 'utf8' });
    if (migrate.status !== 0) throw new Error(`compose's migrate step failed:\n${migrate.stdout}\n${migrate.stderr}`);
    this.run(this.steps.api);
    this.run(this.steps.worker);
  }

  private run([command, ...args]: string[]): void {
    const child = spawn(command === 'node' ? process.execPath : command, args, { cwd: this.dir, env: this.env });
    const output: string[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    this.processes.push({ child, output });
  }

  /** What the API and the worker printed, and how each ended if it did. */
  output(): string {
    return this.processes
      .map(
        ({ child, output }) =>
          `--- ${child.spawnargs.slice(-1)[0]} (exit ${child.exitCode ?? child.signalCode ?? 'running'}):\n${output.join('')}`,
      )
      .join('\n');
  }

  url(path: string): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  /** Waits until GET /api/health/ready answers 200 (the database, Redis and a worker's heartbeat are up). */
  async ready(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    let last = 'no answer';
    while (Date.now() < deadline) {
      if (this.processes.some(({ child }) => child.exitCode !== null)) break;
      try {
        const response = await fetch(this.url('/api/health/ready'));
        if (response.ok) return;
        last = `${response.status} ${await response.text()}`;
      } catch (error) {
        last = (error as Error).message;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`/api/health/ready: ${last}\n${this.output()}`);
  }

  /** Stops the processes, drops the database and the Redis keys, removes the directory. */
  async destroy(): Promise<void> {
    await Promise.all(
      this.processes.map(({ child }) =>
        child.exitCode !== null || child.signalCode
          ? undefined
          : new Promise<void>((resolve) => {
              child.once('exit', () => resolve());
              child.kill('SIGTERM');
              setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
            }),
      ),
    );
    const postgres = new Client({ connectionString: this.baseDatabaseUrl });
    await postgres.connect();
    await postgres.query(`DROP DATABASE IF EXISTS "oj_production_${this.suffix}" WITH (FORCE)`);
    await postgres.end();
    const redis = new Redis(this.redisUrl);
    const keys = await redis.keys(`${this.redisPrefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

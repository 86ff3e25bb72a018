import { ChildProcess, spawn } from 'child_process';
import { mkdtempSync, rmSync } from 'fs';
import Redis from 'ioredis';
import { createServer } from 'net';
import { tmpdir } from 'os';
import { join } from 'path';

import { exited } from './compiled-worker';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A Redis server of the test's own (never the machine's shared one), persisting every write to an append-only
 * file in a temporary directory, so the test can crash it and bring it back with or without its data.
 */
export class OwnRedis {
  private process?: ChildProcess;
  private readonly dir = mkdtempSync(join(tmpdir(), 'oj-redis-'));

  private constructor(private readonly port: number) {}

  static async start(): Promise<OwnRedis> {
    const redis = new OwnRedis(await freePort());
    await redis.launch();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** SIGKILL: no clean shutdown, what survives is what the append-only file already holds. */
  async crash(): Promise<void> {
    if (!this.process) return;
    this.process.kill('SIGKILL');
    await exited(this.process);
    this.process = undefined;
  }

  /** Starts it again on the same port, from its append-only file or, without data, empty. */
  async restart(withData: boolean): Promise<void> {
    await this.crash();
    if (!withData) rmSync(join(this.dir, 'appendonlydir'), { recursive: true, force: true });
    await this.launch();
  }

  async stop(): Promise<void> {
    await this.crash();
    rmSync(this.dir, { recursive: true, force: true });
  }

  private async launch(): Promise<void> {
    const args = [
      '--port',
      String(this.port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'yes',
      '--appendfsync',
      'always',
      '--dir',
      this.dir,
    ];
    this.process = spawn('redis-server', args, { stdio: 'ignore' });
    // Until it listens and has loaded its append-only file (LOADING errors), PING fails.
    for (let i = 0; i < 200; i++) {
      const client = new Redis(this.url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
      client.on('error', () => undefined);
      const pong = await client
        .connect()
        .then(() => client.ping())
        .catch(() => '');
      client.disconnect();
      if (pong === 'PONG') return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('redis-server did not start');
  }
}

import { createTestDatabase } from '@oj/api-testing';
import { dropDatabase } from '@oj/db';
import { ChildProcess, spawn } from 'child_process';
import { randomBytes } from 'crypto';
import { request } from 'http';
import { connect, createServer } from 'net';
import { join } from 'path';

import { STOPPING_FRAME } from '../../src/live/live.service';

const root = join(__dirname, '../../../..');
const BASE_DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function exitOf(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

/** Resolves true when a TCP connection to the port is refused. */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

/** The compiled API as `npm start` and the image run it, on a database and Redis prefix of its own. */
describe('API stop on SIGTERM', () => {
  const suffix = randomBytes(5).toString('hex');
  const url = new URL(BASE_DATABASE_URL);
  url.pathname = `/oj_test_${suffix}`;
  const databaseUrl = url.toString();
  let api: ChildProcess | undefined;
  let port: number;
  let log = '';

  beforeAll(async () => {
    await createTestDatabase(databaseUrl);
    port = await freePort();
    api = spawn(process.execPath, ['-r', join(root, 'tools/register-paths.js'), join(root, 'dist/api/apps/api/src/main.js')], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        DATABASE_URL: databaseUrl,
        REDIS_PREFIX: `oj_test_${suffix}`,
        SEED_DEMO: 'false',
        WEB_DIST_DIR: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    api.stdout?.on('data', (chunk: Buffer) => (log += chunk));
    api.stderr?.on('data', (chunk: Buffer) => (log += chunk));
    for (let i = 0; !/API listening/.test(log); i++) {
      if (i > 600 || api.exitCode !== null) throw new Error(`The API did not start:\n${log}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 90_000);

  afterAll(async () => {
    if (api && api.exitCode === null && api.signalCode === null) api.kill('SIGKILL');
    await dropDatabase(databaseUrl);
  });

  it('ends live streams with a final comment, refuses new connections and exits 0', async () => {
    const username = `stop_${suffix}`;
    const registered = await fetch(`http://127.0.0.1:${port}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username, email: `${username}@example.com`, password: 'password123', confirmPassword: 'password123' }),
    });
    const { accessToken } = (await registered.json()) as { accessToken: string };

    let text = '';
    const ended = new Promise<void>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, path: '/api/submissions/stream', headers: { Authorization: `Bearer ${accessToken}` } },
        (res) => {
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
            if (text === ': connected\n\n') api?.kill('SIGTERM');
          });
          res.on('end', resolve);
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end();
    });
    const exited = exitOf(api as ChildProcess);

    await ended;
    expect(text).toBe(`: connected\n\n${STOPPING_FRAME}`);
    expect(await refused(port)).toBe(true);
    expect(await exited).toEqual({ code: 0, signal: null });
  }, 60_000);
});

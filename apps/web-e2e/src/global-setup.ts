import { spawn } from 'child_process';
import { randomBytes } from 'crypto';
import { createWriteStream, mkdirSync } from 'fs';
import { createServer } from 'net';
import { join } from 'path';

import { AppUnderTest, recordAppUnderTest } from './app-under-test';
import { ARTIFACTS, playwrightDisabledFeaturesArg } from './browser';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the real application (`npm start`'s script, builds skipped) on a fresh database, Redis prefix and port,
 * and learns Playwright's Chromium features for the workers' launches (see launchBrowser).
 */
export default async function globalSetup(): Promise<void> {
  const suffix = randomBytes(4).toString('hex');
  const port = await freePort();
  const base = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  base.pathname = `/oj_e2e_${suffix}`;
  const admin = { username: 'admin', password: 'admin-e2e-pass' };
  const redis = { url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', prefix: `oj_e2e_${suffix}` };
  const root = join(__dirname, '../../..');
  const child = spawn(process.execPath, [join(root, 'tools/start.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: base.toString(),
      REDIS_PREFIX: redis.prefix,
      START_SKIP_BUILD: '1',
      SEED_DEMO: 'true',
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      WORKER_CONCURRENCY: '2',
      WORKER_HTTP_PORT: '0',
      // Every journey signs in from 127.0.0.1: the per-address login budget is for real clients, and the journeys'
      // dozens of sign-ins a minute would otherwise meet it (429) depending on how fast the machine runs them.
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      // The journeys register and sign in over a hundred times; at OWASP's minimum cost each hash takes a sixth of
      // the default's CPU (bench/BENCHMARKS.md), and what the journeys check does not depend on it.
      PASSWORD_HASH_MEMORY_KIB: '19456',
      PASSWORD_HASH_ITERATIONS: '2',
      PASSWORD_HASH_PARALLELISM: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const started = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The app did not start:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/Online judge ready[^]*This machine: +http:\/\/localhost:\d+/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`The app exited with ${code}:\n${output}`)));
  });
  try {
    // Read once while the app starts, so each test file's launch does not need a launch of its own to learn it.
    await Promise.all([started, playwrightDisabledFeaturesArg()]);
  } catch (error) {
    // Jest skips the teardown when the setup fails: stop whatever did start.
    try {
      process.kill(-(child.pid as number), 'SIGKILL');
    } catch {
      // already gone
    }
    throw error;
  }
  child.stdout?.removeAllListeners('data');
  child.stderr?.removeAllListeners('data');
  // The app's own log, kept with the screenshots, says why a journey met a dead or failing server.
  mkdirSync(ARTIFACTS, { recursive: true });
  const log = createWriteStream(join(ARTIFACTS, 'app.log'));
  log.write(output);
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  child.unref();
  const state: AppUnderTest = { baseUrl: `http://localhost:${port}`, databaseUrl: base.toString(), redis, pid: child.pid as number, admin };
  recordAppUnderTest(state);
}

// The system under test for the submission benchmarks: either a running `npm start` (BASE_URL, DATABASE_URL,
// REDIS_PREFIX, BENCH_ADMIN_USER / BENCH_ADMIN_PASSWORD), or a stack of its own: the API and N judge workers
// compiled from this checkout, on a fresh database and Redis prefix that are removed afterwards.
const { execFileSync, spawn } = require('child_process');
const { copyFileSync, mkdirSync } = require('fs');
const net = require('net');
const path = require('path');
const { Client } = require('pg');
const Redis = require('ioredis');

const ROOT = path.join(__dirname, '..', '..');
// BENCH_SOURCE_ROOT: the checkout whose API and worker the stack runs (another commit's, for an A/B run; see
// judging-ab.js), built into its own directory; this checkout's by default.
const SOURCE_ROOT = process.env.BENCH_SOURCE_ROOT ? path.resolve(process.env.BENCH_SOURCE_ROOT) : ROOT;
const OUT = path.join(SOURCE_ROOT, 'tmp', 'bench-build');
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const BASE_DB = process.env.BENCH_DATABASE_BASE || 'postgres://postgres@127.0.0.1:5432';
const METRICS_TOKEN = 'bench-metrics-token-0123456789';

function build() {
  mkdirSync(OUT, { recursive: true });
  const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
  for (const app of ['api', 'judge-worker']) {
    execFileSync(process.execPath, [tsc, '-p', path.join(SOURCE_ROOT, `apps/${app}/tsconfig.app.json`), '--outDir', OUT], {
      cwd: SOURCE_ROOT,
      stdio: 'inherit',
    });
  }
  // As the worker's build target does: the sandbox launcher's C source, the fork server's Python source and the
  // checkers' testlib.h go beside the compiled engine (without fork-server.py every Python test started afresh).
  for (const file of [
    'apps/judge-worker/src/engines/local/box-launcher.c',
    'apps/judge-worker/src/engines/local/fork-server/fork-server.py',
    'apps/judge-worker/src/engines/checker-support/testlib.h',
  ]) {
    copyFileSync(path.join(SOURCE_ROOT, file), path.join(OUT, file));
  }
}

function registerPaths() {
  require('tsconfig-paths').register({ baseUrl: OUT, paths: { '@oj/*': ['libs/*/src'] } });
}

function run(name, entry, env) {
  const register = `require('tsconfig-paths').register({ baseUrl: ${JSON.stringify(OUT)}, paths: { '@oj/*': ['libs/*/src'] } });`;
  // BENCH_NODE_ARGS: extra node flags for the stack's processes, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile.
  const nodeArgs = process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ') : [];
  const child = spawn(process.execPath, [...nodeArgs, '-e', `${register} require(${JSON.stringify(path.join(OUT, entry))});`], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  child.on('exit', (code, signal) => {
    if (!child.stopping) console.error(`[bench] ${name} exited (${signal || code})`);
  });
  return child;
}

/** A port nothing listens on now (the API's, from the system's free ones: a fixed range collides with workers' and clients' ports). */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl, child) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`API exited (${child.exitCode ?? child.signalCode}) before answering at ${baseUrl}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`API at ${baseUrl} never answered`);
}

async function api(baseUrl, method, route, token, body, headers = {}) {
  const res = await fetch(`${baseUrl}${route}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${route} → ${res.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** Starts (or attaches to) the stack and returns an admin session on it. */
async function startStack({ workers = 1, env = {} } = {}) {
  if (process.env.BASE_URL) {
    const baseUrl = process.env.BASE_URL.replace(/\/$/, '');
    const login = await api(baseUrl, 'POST', '/api/auth/login', null, {
      usernameOrEmail: process.env.BENCH_ADMIN_USER || 'admin',
      password: process.env.BENCH_ADMIN_PASSWORD || 'admin12345',
    });
    return {
      baseUrl,
      databaseUrl: process.env.DATABASE_URL,
      redisUrl: REDIS_URL,
      redisPrefix: process.env.REDIS_PREFIX || 'oj',
      token: login.accessToken,
      apiPid: null,
      workerPids: [],
      workerMetrics: [],
      stop: async () => {},
    };
  }
  if (process.env.BENCH_SKIP_BUILD !== '1') build();
  registerPaths();
  const { migrate, dropDatabase } = require(path.join(OUT, 'libs/db/src'));
  const suffix = `${Date.now().toString(36)}${process.pid}`;
  const databaseUrl = `${BASE_DB}/oj_bench_${suffix}`;
  const redisPrefix = `oj_bench_${suffix}`;
  await migrate(databaseUrl);
  const port = String(await freePort());
  const common = {
    NODE_ENV: process.env.BENCH_NODE_ENV || 'development',
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    REDIS_PREFIX: redisPrefix,
    SEED_DEMO: 'false',
    // Unused here (the bench makes its own admin), but production refuses to start with the default one.
    ADMIN_PASSWORD: `bench-${suffix}`,
    // The workers' /metrics, which the judging bench reads its stage figures from.
    METRICS_TOKEN: METRICS_TOKEN,
    ...env,
  };
  const children = [run('API', 'apps/api/src/main.js', { ...common, PORT: port, AUTH_RATE_LIMIT_PER_MINUTE: '100000' })];
  // Workers serve their probes and metrics on free ports of their own: a site or test run on this machine may
  // hold the default one.
  const workerMetrics = [];
  for (let i = 0; i < workers; i++) {
    const workerPort = String(await freePort());
    workerMetrics.push(`http://127.0.0.1:${workerPort}/metrics`);
    children.push(run(`worker ${i + 1}`, 'apps/judge-worker/src/main.js', { ...common, WORKER_HTTP_PORT: workerPort }));
  }
  async function stop() {
    await Promise.all(
      children.map((c) => {
        c.stopping = true;
        if (c.exitCode !== null || c.signalCode !== null) return null;
        c.kill('SIGTERM');
        return new Promise((r) => {
          const force = setTimeout(() => c.kill('SIGKILL'), 10_000);
          c.on('exit', () => r(clearTimeout(force)));
        });
      }),
    );
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${redisPrefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    await dropDatabase(databaseUrl);
  }
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(baseUrl, children[0]);
    const password = 'bench-password-1';
    await api(baseUrl, 'POST', '/api/auth/register', null, {
      username: 'bench_admin',
      email: 'bench@example.com',
      password,
      confirmPassword: password,
    });
    const db = new Client({ connectionString: databaseUrl });
    await db.connect();
    await db.query(`UPDATE users SET role = 'admin' WHERE username = 'bench_admin'`);
    await db.end();
    const login = await api(baseUrl, 'POST', '/api/auth/login', null, { usernameOrEmail: 'bench_admin', password });
    return {
      baseUrl,
      databaseUrl,
      redisUrl: REDIS_URL,
      redisPrefix,
      token: login.accessToken,
      /** The API's process id, for its memory figures (null when attached to a running site). */
      apiPid: children[0].pid,
      /** Each worker's process id, for the CPU its process tree spends (bench/lib/process-cpu.js). */
      workerPids: children.slice(1).map((c) => c.pid),
      /** Each worker's /metrics address, read with `Authorization: Bearer ${METRICS_TOKEN}`. */
      workerMetrics,
      stop,
    };
  } catch (error) {
    // A stack that did not come up leaves no worker, database or keys behind.
    await stop();
    throw error;
  }
}

/** Waits until the judge worker has published its languages, so problems and submissions can use them. */
async function waitForLanguages(stack) {
  for (let i = 0; i < 300; i++) {
    const list = await api(stack.baseUrl, 'GET', '/api/languages').catch(() => []);
    const items = Array.isArray(list) ? list : list.items || [];
    if (items.length) return items;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('No judge worker published its languages');
}

/** The number after `--name` on the command line, or the fallback. */
function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

module.exports = { startStack, api, waitForLanguages, percentile, arg, build, registerPaths, OUT, ROOT, METRICS_TOKEN };

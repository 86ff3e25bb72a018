#!/usr/bin/env node
// `npm start`: checks PostgreSQL and Redis, builds, migrates, creates the admin, seeds demo content,
// then runs the API (serving the SPA) and one judge worker until Ctrl-C. A worker that crashes is restarted
// with back-off (supervise.js); the API exiting stops everything. Once the API answers and the worker reports
// ready (after its start-up logs), it ends with a box: the addresses and the admin login (ready-box.js).
const { spawn, spawnSync } = require('child_process');
const { existsSync } = require('fs');
const path = require('path');
const { lanAddresses, readyBox, readyMessage } = require('./ready-box');
const { checkServices } = require('./service-check');
const { exited, supervise } = require('./supervise');

const root = path.join(__dirname, '..');
const env = { ...process.env, WEB_DIST_DIR: process.env.WEB_DIST_DIR || path.join(root, 'dist', 'web') };
const port = env.PORT || '3000';
let api;
let worker;
let stopping = false;

function log(line) {
  console.log(`[start] ${line}`);
}

function runStep(title, args) {
  log(title);
  const result = spawnSync(process.execPath, args, { cwd: root, env, stdio: 'inherit' });
  if (result.status !== 0) {
    log(`${title} failed.`);
    process.exit(result.status || 1);
  }
}

/** Runs a step that reports over IPC (`{ type }` messages); resolves with its last report of `type`, if any. */
function runReportingStep(title, args, type) {
  log(title);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['inherit', 'inherit', 'inherit', 'ipc'] });
    let report;
    child.on('message', (message) => message && message.type === type && (report = message));
    child.on('exit', (code) => {
      if (code === 0) return resolve(report);
      log(`${title} failed.`);
      process.exit(code || 1);
    });
  });
}

/** A compiled file of an app: each app builds into dist/<app>, which holds apps/<app>/src/… and its libs. */
function compiled(relative) {
  return path.join(root, 'dist', relative.split('/')[1], relative);
}

function build() {
  if (env.START_SKIP_BUILD === '1') return;
  const projects = ['api', 'judge-worker'];
  if (existsSync(path.join(root, 'apps/web/project.json'))) projects.push('web');
  log(`Building ${projects.join(', ')}…`);
  const nx = path.join(root, 'node_modules', 'nx', 'bin', 'nx.js');
  const result = spawnSync(process.execPath, [nx, 'run-many', '-t', 'build', '-p', ...projects, '--outputStyle=static'], {
    cwd: root,
    env: { ...env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status || 1);
}

/** Runs a compiled entry point; `ipc` opens the channel a worker reports its readiness on. */
function spawnEntry(entry, { ipc = false } = {}) {
  const stdio = ipc ? ['inherit', 'inherit', 'inherit', 'ipc'] : 'inherit';
  return spawn(process.execPath, ['-r', path.join(__dirname, 'register-paths.js'), entry], { cwd: root, env, stdio });
}

/** How long the box waits for the worker before it is printed anyway, saying the worker is late. */
const WORKER_READY_TIMEOUT_MS = 120_000;

/** The judge worker under supervision, and a promise of its first readiness report (false after the timeout). */
function startWorker(entry) {
  let reportReady;
  const ready = new Promise((resolve) => (reportReady = resolve));
  worker = supervise(
    'Judge worker',
    () => {
      const child = spawnEntry(entry, { ipc: true });
      readyMessage(child).then(reportReady);
      return child;
    },
    { log },
  );
  setTimeout(() => reportReady(false), WORKER_READY_TIMEOUT_MS).unref();
  return ready;
}

function startApi(entry) {
  api = spawnEntry(entry);
  api.on('exit', (code, signal) => {
    if (stopping) return;
    log(`API exited (${signal || code}); stopping.`);
    stop(code || 1);
  });
}

async function waitForApi() {
  const url = `http://127.0.0.1:${port}/api/health`;
  for (let i = 0; i < 600; i++) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The API did not answer at ${url}`);
}

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  api?.kill('SIGTERM');
  const exits = [api && exited(api), worker?.stop('SIGTERM')];
  const force = setTimeout(() => [api, worker?.current()].forEach((c) => c?.kill('SIGKILL')), 10_000);
  force.unref();
  Promise.all(exits).then(() => process.exit(code));
}

async function main() {
  const problem = await checkServices(env);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
  build();
  runStep('Applying migrations…', [path.join(__dirname, 'migrate.js')]);
  const adminCli = compiled('apps/api/src/users/create-admin.cli.js');
  const admin = existsSync(adminCli)
    ? await runReportingStep('Checking the admin account…', ['-r', path.join(__dirname, 'register-paths.js'), adminCli], 'admin')
    : undefined;
  const seedCli = compiled('apps/api/src/seed/seed-demo.cli.js');
  if (existsSync(seedCli)) runStep('Checking demo content…', ['-r', path.join(__dirname, 'register-paths.js'), seedCli]);

  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));
  startApi(compiled('apps/api/src/main.js'));
  const workerMain = compiled('apps/judge-worker/src/main.js');
  const workerReady = existsSync(workerMain) ? startWorker(workerMain) : Promise.resolve(false);
  await waitForApi();
  const { DEFAULT_ADMIN_PASSWORD } = require(compiled('apps/api/src/config/known-passwords.js'));
  const box = readyBox({
    port,
    addresses: lanAddresses(),
    adminUsername: env.ADMIN_USERNAME || 'admin',
    // The default is printed while it still opens the account, so a first start can sign in; a password the
    // operator chose (ADMIN_PASSWORD, or a change in Settings) is never echoed.
    adminPassword: admin?.usesDefaultPassword ? DEFAULT_ADMIN_PASSWORD : null,
    workerReady: await workerReady,
  });
  console.log(`\n${box}\n`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  stop(1);
});

#!/usr/bin/env node
// `npm start`: checks PostgreSQL and Redis, builds, migrates, creates the admin, seeds demo content,
// then runs the API (serving the SPA) and one judge worker until Ctrl-C. A worker that crashes is restarted
// with back-off (supervise.js); the API exiting stops everything.
const { spawn, spawnSync } = require('child_process');
const { existsSync } = require('fs');
const path = require('path');
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

function spawnEntry(entry) {
  return spawn(process.execPath, ['-r', path.join(__dirname, 'register-paths.js'), entry], { cwd: root, env, stdio: 'inherit' });
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
  if (existsSync(adminCli)) runStep('Checking the admin account…', ['-r', path.join(__dirname, 'register-paths.js'), adminCli]);
  const seedCli = compiled('apps/api/src/seed/seed-demo.cli.js');
  if (existsSync(seedCli)) runStep('Checking demo content…', ['-r', path.join(__dirname, 'register-paths.js'), seedCli]);

  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));
  startApi(compiled('apps/api/src/main.js'));
  const workerMain = compiled('apps/judge-worker/src/main.js');
  if (existsSync(workerMain)) worker = supervise('Judge worker', () => spawnEntry(workerMain), { log });
  await waitForApi();
  log(`Online judge ready at http://localhost:${port} (Ctrl-C stops it)`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  stop(1);
});

import { ChildProcess, spawn } from 'child_process';
import { existsSync } from 'fs';
import { join } from 'path';

const ROOT = join(__dirname, '..', '..', '..', '..');

/** The judge worker as `npm start` runs it: its build (`judge-worker:build`, which this project's test target runs first). */
const WORKER_BUILD = join(ROOT, 'dist/judge-worker');

/**
 * The compiled worker run as its own process, so a test can SIGKILL it or watch it survive an outage.
 * `afterStart` is code run in that process after the worker's main module loaded.
 */
export function spawnCompiledWorker(env: Record<string, string>, afterStart = ''): ChildProcess {
  const entry = join(WORKER_BUILD, 'apps/judge-worker/src/main.js');
  // Run straight through jest, without the test target's build first, the tests would wait minutes for no grading.
  if (!existsSync(entry)) throw new Error(`No worker build at ${entry}: run \`npx nx run judge-worker:build\` first.`);
  const register = `require('tsconfig-paths').register({ baseUrl: ${JSON.stringify(WORKER_BUILD)}, paths: { '@oj/*': ['libs/*/src'] } });`;
  return spawn(process.execPath, ['-e', `${register} require(${JSON.stringify(entry)}); ${afterStart}`], {
    cwd: ROOT,
    stdio: process.env.TEST_LOGS ? 'inherit' : 'ignore',
    env: { ...process.env, NODE_ENV: 'test', WORKER_CONCURRENCY: '1', WORKER_HTTP_PORT: '0', ...env },
  });
}

/** Resolves once the process has exited (at once if it already has). */
export function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** SIGKILLs every worker process a test started (those already gone are skipped) and waits until each has exited. */
export async function killWorkers(workers: ChildProcess[]): Promise<void> {
  for (const worker of workers) worker.kill('SIGKILL');
  await Promise.all(workers.map(exited));
}

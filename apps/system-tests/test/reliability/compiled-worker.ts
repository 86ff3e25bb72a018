import { ChildProcess, execFileSync, spawn } from 'child_process';
import { copyFileSync, mkdirSync, mkdtempSync } from 'fs';
import { join } from 'path';

export const ROOT = join(__dirname, '..', '..', '..', '..');

/** Compiles the judge worker as `npm start` builds it, into a directory of its own; returns that directory. */
export function compileWorker(): string {
  mkdirSync(join(ROOT, 'tmp'), { recursive: true });
  const outDir = mkdtempSync(join(ROOT, 'tmp', 'compiled-worker-'));
  execFileSync(
    process.execPath,
    [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(ROOT, 'apps/judge-worker/tsconfig.app.json'), '--outDir', outDir],
    { cwd: ROOT },
  );
  // As the build target does: the sandbox launcher's C source and the checkers' testlib.h go beside the compiled engine.
  for (const file of ['apps/judge-worker/src/engines/local/box-launcher.c', 'apps/judge-worker/src/engines/checker-support/testlib.h']) {
    copyFileSync(join(ROOT, file), join(outDir, file));
  }
  return outDir;
}

/**
 * The compiled worker run as its own process, so a test can SIGKILL it or watch it survive an outage.
 * `afterStart` is code run in that process after the worker's main module loaded.
 */
export function spawnCompiledWorker(outDir: string, env: Record<string, string>, afterStart = ''): ChildProcess {
  const entry = join(outDir, 'apps/judge-worker/src/main.js');
  const register = `require('tsconfig-paths').register({ baseUrl: ${JSON.stringify(outDir)}, paths: { '@oj/*': ['libs/*/src'] } });`;
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

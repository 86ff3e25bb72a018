import 'reflect-metadata';

import { Logger } from '@nestjs/common';

import { loadWorkerConfig } from './config/worker-config';
import { stopGracefullyOnSignals } from './operations/graceful-stop';
import { reportReadyToParent } from './operations/report-ready';
import { startWorkerApp } from './operations/worker-app';

/**
 * A judge worker: the queues, plus health probes and metrics on WORKER_HTTP_PORT. SIGTERM closes the queues,
 * which lets the running jobs finish for WORKER_STOP_GRACE_MS, then hands back any still running (graceful-stop.ts);
 * a job of a worker that dies instead is handed to another worker once its lock expires.
 */
async function bootstrap(): Promise<void> {
  const config = loadWorkerConfig();
  const { app } = await startWorkerApp(config);
  stopGracefullyOnSignals(app, config.WORKER_STOP_GRACE_MS);
  Logger.log(`Judge worker started (engine ${config.JUDGE_ENGINE}, concurrency ${config.WORKER_CONCURRENCY})`, 'Bootstrap');
  reportReadyToParent();
}

// A promise nobody awaited must not take down every request or job in flight with it: log it and keep serving.
process.on('unhandledRejection', (reason) =>
  Logger.error(`Unhandled rejection: ${reason instanceof Error ? reason.stack : String(reason)}`, 'Process'),
);

bootstrap().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

import { INestApplicationContext, Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { METRICS_PATH, metricsHandler } from '@oj/observability';
import { Logger as NestPinoLogger } from 'nestjs-pino';
import { createServer } from 'net';

import { WorkerConfig } from '../config/worker-config';
import { WorkerModule } from '../worker.module';
import { WorkerMetrics } from './worker-metrics';

export interface StartedWorker {
  app: INestApplicationContext;
  /** The port its probes and metrics listen on, or null with WORKER_HTTP_PORT=off. */
  port: number | null;
}

/**
 * Starts a judge worker: the queues, and unless WORKER_HTTP_PORT=off a small HTTP server with
 * /api/health/live, /api/health/ready and /metrics.
 */
export async function startWorkerApp(config: WorkerConfig): Promise<StartedWorker> {
  const port = config.httpPort;
  if (port === null) {
    const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { bufferLogs: true });
    app.useLogger(app.get(NestPinoLogger));
    await app.init();
    return { app, port: null };
  }
  // A taken port is found before the module starts: closing it mid-start left its queues' Redis connections
  // rejecting while they still connected.
  if (port !== 0) await assertPortFree(port, config.WORKER_HTTP_HOST);
  const app = await NestFactory.create<NestExpressApplication>(WorkerModule.forRoot(config), { bodyParser: false, bufferLogs: true });
  app.useLogger(app.get(NestPinoLogger));
  app
    .getHttpAdapter()
    .getInstance()
    .get(METRICS_PATH, metricsHandler(app.get(WorkerMetrics).registry, config.metricsPolicy));
  try {
    await app.listen(port, config.WORKER_HTTP_HOST);
  } catch (error) {
    await app.close();
    throw httpServerError(port, error);
  }
  const actual = (app.getHttpServer().address() as { port: number }).port;
  Logger.log(
    `Health and metrics on http://${urlHost(config.WORKER_HTTP_HOST)}:${actual} (/api/health/live, /api/health/ready, ${METRICS_PATH})`,
    'Bootstrap',
  );
  return { app, port: actual };
}

/** A host as it is written in a URL: IPv6 addresses in brackets. */
function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

function httpServerError(port: number, error: unknown): Error {
  const reason = (error as NodeJS.ErrnoException).code === 'EADDRINUSE' ? `port ${port} is in use` : (error as Error).message;
  return new Error(`The worker's HTTP server could not start (${reason}): set WORKER_HTTP_PORT to a free port, 0 for any, or off`);
}

/** Binds the port for a moment: throws the worker's HTTP error when another process holds it. */
function assertPortFree(port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error) => reject(httpServerError(port, error)));
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}

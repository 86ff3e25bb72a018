import { NestExpressApplication } from '@nestjs/platform-express';
import { METRICS_PATH, metricsHandler, ROOT_LOGGER } from '@oj/observability';
import { Logger as NestPinoLogger } from 'nestjs-pino';

import { AppConfig } from './config/app-config';
import { observeRequests } from './http/observe-requests';
import { logServedRequests } from './logging/request-logging';
import { ApiMetrics } from './metrics/api-metrics';
import { recordHttpLatency } from './metrics/http-latency';
import { mountQueueBoard } from './queue-board/mount-queue-board';

/**
 * Nest's own log lines go through the app's pino logger; the first middleware gives every request its id and,
 * when its response is over, logs it and records its latency.
 */
export function useOperationsMiddleware(app: NestExpressApplication): void {
  app.useLogger(app.get(NestPinoLogger));
  app.use(observeRequests([logServedRequests(app.get(ROOT_LOGGER)), recordHttpLatency(app.get(ApiMetrics).httpDuration)]));
}

/** Operator pages outside /api: Prometheus metrics and the admin queue board (mounted before the SPA fallback). */
export function mountOperationsRoutes(app: NestExpressApplication, config: AppConfig): void {
  app
    .getHttpAdapter()
    .getInstance()
    .get(METRICS_PATH, metricsHandler(app.get(ApiMetrics).registry, config.metricsPolicy));
  mountQueueBoard(app);
}

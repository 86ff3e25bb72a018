import { NestExpressApplication } from '@nestjs/platform-express';
import { METRICS_PATH, metricsHandler } from '@oj/observability';

import { AppConfig } from './config/app-config';
import { useRequestLogging } from './logging/request-logging';
import { ApiMetrics } from './metrics/api-metrics';
import { httpMetricsMiddleware } from './metrics/http-metrics.middleware';
import { mountQueueBoard } from './queue-board/mount-queue-board';

/** First middlewares of the API: request id and request log, then HTTP latency, for every request. */
export function useOperationsMiddleware(app: NestExpressApplication): void {
  useRequestLogging(app);
  app.use(httpMetricsMiddleware(app.get(ApiMetrics).httpDuration));
}

/** Operator pages outside /api: Prometheus metrics and the admin queue board (mounted before the SPA fallback). */
export function mountOperationsRoutes(app: NestExpressApplication, config: AppConfig): void {
  app
    .getHttpAdapter()
    .getInstance()
    .get(METRICS_PATH, metricsHandler(app.get(ApiMetrics).registry, config.METRICS_TOKEN));
  mountQueueBoard(app);
}

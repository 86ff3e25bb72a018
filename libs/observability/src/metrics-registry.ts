import { collectDefaultMetrics, Registry } from 'prom-client';

export const METRICS_PATH = '/metrics';

/**
 * One registry per application instance (never prom-client's global one), so an API and workers started in the
 * same process, as the integration tests do, each count only their own work.
 */
export function createMetricsRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return registry;
}

import { timingSafeEqual } from 'crypto';
import type { Request, RequestHandler } from 'express';
import { Registry } from 'prom-client';

export type MetricsAccess = 'allowed' | 'unauthorized' | 'forbidden' | 'off';

/** Who may read /metrics: a bearer token, and whether loopback callers may read it without one. */
export interface MetricsPolicy {
  token: string | undefined;
  allowLoopback: boolean;
}

export function isLoopback(ip: string | undefined): boolean {
  return !!ip && (ip === '::1' || ip.startsWith('127.') || ip.startsWith('::ffff:127.'));
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * With a token configured every scrape must present it as a bearer token. Without one the endpoint is off, unless
 * the policy allows loopback callers: then only they are answered. `ip` is Express's req.ip, so a client behind a
 * trusted local proxy counts as that client, not as loopback; a proxy that adds no X-Forwarded-For makes everyone
 * loopback, which is why that is opt-in.
 */
export function metricsAccess(ip: string | undefined, authorization: string | undefined, policy: MetricsPolicy): MetricsAccess {
  if (policy.token) {
    const presented = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
    return presented && sameSecret(presented, policy.token) ? 'allowed' : 'unauthorized';
  }
  if (!policy.allowLoopback) return 'off';
  return isLoopback(ip) ? 'allowed' : 'forbidden';
}

/** GET /metrics: the registry in Prometheus text format, behind `metricsAccess`. */
export function metricsHandler(registry: Registry, policy: MetricsPolicy): RequestHandler {
  return async (req: Request, res, next) => {
    const access = metricsAccess(req.ip, req.headers.authorization, policy);
    if (access === 'off') {
      res.status(404).json({ message: 'Metrics are off: set METRICS_TOKEN (or METRICS_ALLOW_LOOPBACK=true)', code: 'NOT_FOUND' });
      return;
    }
    if (access === 'unauthorized') {
      res.status(401).set('WWW-Authenticate', 'Bearer').json({ message: 'A valid metrics token is required', code: 'UNAUTHORIZED' });
      return;
    }
    if (access === 'forbidden') {
      res.status(403).json({ message: 'Metrics are served to loopback only while METRICS_TOKEN is unset', code: 'FORBIDDEN' });
      return;
    }
    try {
      res.set('Content-Type', registry.contentType).send(await registry.metrics());
    } catch (error) {
      next(error);
    }
  };
}

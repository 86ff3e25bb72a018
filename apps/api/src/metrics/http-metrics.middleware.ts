import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { Histogram } from 'prom-client';

/**
 * The route label is the matched route's pattern (`/api/problems/:problemId`), never the raw URL, so the number
 * of series stays bounded; requests no route matched (SPA files, 404s) share one label.
 */
function routeOf(req: Request): string {
  const pattern = (req.route as { path?: unknown } | undefined)?.path;
  return typeof pattern === 'string' ? `${req.baseUrl}${pattern}` : '(unmatched)';
}

/** Times every response; event streams are skipped since their "latency" is how long the viewer stayed. */
export function httpMetricsMiddleware(histogram: Histogram<'method' | 'route' | 'status'>): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const stop = histogram.startTimer();
    res.on('finish', () => {
      if (String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream')) return;
      stop({ method: req.method, route: routeOf(req), status: String(res.statusCode) });
    });
    next();
  };
}

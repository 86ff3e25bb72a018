import type { Request } from 'express';
import { Histogram } from 'prom-client';

import { isStreamingResponse } from '../common/streaming-response';
import type { ResponseObserver } from '../http/observe-requests';

/**
 * The route label is the matched route's pattern (`/api/problems/:problemId`), never the raw URL, so the number
 * of series stays bounded; requests no route matched (SPA files, 404s) share one label.
 */
function routeOf(req: Request): string {
  const pattern = (req.route as { path?: unknown } | undefined)?.path;
  return typeof pattern === 'string' ? `${req.baseUrl}${pattern}` : '(unmatched)';
}

/**
 * Times every response sent in full; event streams are skipped since their "latency" is how long the viewer
 * stayed, and so are responses the client left before they were sent.
 */
export function recordHttpLatency(histogram: Histogram<'method' | 'route' | 'status'>): ResponseObserver {
  return (req, res, { elapsedMs }) => {
    if (!res.writableFinished || isStreamingResponse(res)) return;
    histogram.observe({ method: req.method, route: routeOf(req), status: String(res.statusCode) }, elapsedMs / 1000);
  };
}

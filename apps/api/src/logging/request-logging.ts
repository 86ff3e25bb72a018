import { METRICS_PATH } from '@oj/observability';
import type { Request } from 'express';
import type { Logger } from 'pino';

import type { ResponseObserver } from '../http/observe-requests';

/** Probes and scrapes arrive every few seconds; logging each would bury everything else. */
function isProbe(req: Request): boolean {
  const path = req.path;
  return path === METRICS_PATH || path.startsWith('/api/health');
}

/**
 * The access log: one line per request when its response is over (method, URL, status, time; no bodies, the
 * credential headers redacted by the logger). 503/504 are answers (no worker, Redis down, a validation timing
 * out), warnings rather than faults; a real 500's stack is logged by the exception filter. A response the client
 * left before it was sent in full (a live stream's viewer going away) is "request aborted", not an error.
 */
export function logServedRequests(logger: Logger): ResponseObserver {
  return (req, res, { requestId, elapsedMs }) => {
    if (isProbe(req)) return;
    const status = res.statusCode;
    const level = status === 503 || status === 504 ? 'warn' : status >= 500 ? 'error' : 'info';
    logger[level](
      {
        requestId,
        req: {
          id: requestId,
          method: req.method,
          url: req.originalUrl,
          headers: req.headers,
          remoteAddress: req.socket?.remoteAddress,
          remotePort: req.socket?.remotePort,
        },
        res: { statusCode: status },
        responseTime: Math.round(elapsedMs),
      },
      res.writableFinished ? 'request completed' : 'request aborted',
    );
  };
}

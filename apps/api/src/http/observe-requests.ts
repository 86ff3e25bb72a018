import { Logger } from '@nestjs/common';
import { acceptRequestId, REQUEST_ID_HEADER } from '@oj/observability';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { performance } from 'perf_hooks';

import { runInRequestContext } from '../logging/request-context';

/** Told about every response once it is over: sent in full, or cut off by the client going away. */
export type ResponseObserver = (req: Request, res: Response, served: ServedRequest) => void;

export interface ServedRequest {
  requestId: string;
  /** From the request reaching the API to the response being over. */
  elapsedMs: number;
}

/**
 * First middleware of the API: gives every request an id (a sane incoming X-Request-Id, else a UUID), echoes it
 * in the response, serves the request in its context (currentRequestId, the log lines' requestId), and tells the
 * observers (access log, latency metrics) when the response is over. One listener and one timestamp per request:
 * a live stream keeps them as long as its viewer stays.
 */
export function observeRequests(observers: ResponseObserver[]): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const requestId = acceptRequestId(req.headers[REQUEST_ID_HEADER]);
    res.setHeader('X-Request-Id', requestId);
    const startedAt = performance.now();
    res.once('close', () => {
      const served = { requestId, elapsedMs: performance.now() - startedAt };
      for (const observe of observers) {
        // Runs in an event listener: a throw here would be uncaught and stop the API, and would skip the others.
        try {
          observe(req, res, served);
        } catch (error) {
          Logger.error(`A response observer failed: ${error instanceof Error ? error.stack : String(error)}`, 'ObserveRequests');
        }
      }
    });
    runInRequestContext(requestId, next);
  };
}

import { AsyncLocalStorage } from 'async_hooks';
import type { NextFunction, Request, Response } from 'express';

const requestIds = new AsyncLocalStorage<string>();

/** The id of the HTTP request being served, for work that outlives it (the judge job carries it to the worker). */
export function currentRequestId(): string | undefined {
  return requestIds.getStore();
}

/**
 * Nest middleware, so it runs after body parsing: the parser's stream callbacks would otherwise drop the async
 * context before the handler runs.
 */
export function requestContextMiddleware(req: Request, _res: Response, next: NextFunction): void {
  requestIds.run(String(req.id), next);
}

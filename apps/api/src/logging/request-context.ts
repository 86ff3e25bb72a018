import { AsyncLocalStorage } from 'async_hooks';

const requestIds = new AsyncLocalStorage<string>();

/** The id of the HTTP request being served, for work that outlives it (the judge job carries it to the worker). */
export function currentRequestId(): string | undefined {
  return requestIds.getStore();
}

/** Runs `serve` (and everything it starts) as the work of request `id`. */
export function runInRequestContext(id: string, serve: () => void): void {
  requestIds.run(id, serve);
}

/**
 * The root logger's mixin: every line written while serving a request names it, whichever class logs it,
 * without a child logger per request (a live stream would keep one for hours). A new object each time: pino
 * merges the line into it.
 */
export function requestLogBindings(): { requestId?: string } {
  const requestId = requestIds.getStore();
  return requestId === undefined ? {} : { requestId };
}

import { randomUUID } from 'crypto';

export const REQUEST_ID_HEADER = 'x-request-id';

/** Printable, header- and log-safe, and short: a proxy's or client's id is kept only when it looks like one. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/** The incoming X-Request-Id when it is sane, otherwise a fresh UUID. */
export function acceptRequestId(incoming: string | string[] | undefined): string {
  const value = Array.isArray(incoming) ? incoming[0] : incoming;
  return value && SANE_REQUEST_ID.test(value) ? value : randomUUID();
}

import { createApiClient } from '@oj/api-client';

import { readTokens, writeTokens } from '../session/session-store';
import { ApiError, apiErrorFrom } from './api-error';

let refreshing: Promise<boolean> | null = null;

/**
 * The client for the calls that carry a refresh token instead of the access token (refresh, logout): through
 * the authenticated client, a refused refresh would itself trigger a refresh.
 */
// fetch is looked up on each call, not kept from load time, so a page (or test) that wraps it is followed.
export const sessionApi = createApiClient({ baseUrl: '', fetch: (request: Request) => fetch(request) });

async function renew(refreshToken: string): Promise<boolean> {
  try {
    const { data } = await sessionApi.POST('/api/auth/refresh', { body: { refreshToken } });
    if (!data) throw new Error('refresh failed');
    writeTokens({ accessToken: data.accessToken, refreshToken: data.refreshToken });
    return true;
  } catch {
    writeTokens(null);
    return false;
  }
}

/** One refresh at a time: concurrent 401s share it. A failed refresh clears the session. */
export function refreshSession(): Promise<boolean> {
  const tokens = readTokens();
  if (!tokens) return Promise.resolve(false);
  refreshing ??= renew(tokens.refreshToken).finally(() => (refreshing = null));
  return refreshing;
}

/**
 * fetch with the bearer token; a 401 triggers one refresh and one retry. Errors become ApiError with the
 * server's message.
 */
export async function authFetch(input: Request): Promise<Response> {
  const send = (token?: string) => {
    const request = input.clone();
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
    return fetch(request);
  };
  const tokens = readTokens();
  let response = await send(tokens?.accessToken);
  if (response.status === 401 && tokens) {
    // A call that went out before another one's refresh finished just retries with the fresh token.
    const current = readTokens();
    const renewed = current !== null && current.accessToken !== tokens.accessToken;
    if (renewed || (await refreshSession())) response = await send(readTokens()?.accessToken);
  }
  return response;
}

export const api = createApiClient({ baseUrl: '', fetch: authFetch });

/** Unwraps an openapi-fetch result: the data, or an ApiError from the error body openapi-fetch already read. */
export async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>, fallback?: string): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) throw apiErrorFrom(response.status, error, fallback);
  return data as T;
}

export { ApiError };

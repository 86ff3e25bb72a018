import { createApiClient } from '@oj/api-client';
import { readTokens, writeTokens } from '../session/session-store';
import { ApiError, toApiError } from './api-error';

let refreshing: Promise<boolean> | null = null;

/** One refresh at a time: concurrent 401s share it. A failed refresh clears the session. */
export function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    const tokens = readTokens();
    if (!tokens) return false;
    try {
      const res = await fetch('/api/auth/refresh', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ refreshToken: tokens.refreshToken }),
      });
      if (!res.ok) throw new Error('refresh failed');
      const body = await res.json();
      writeTokens({ accessToken: body.accessToken, refreshToken: body.refreshToken });
      return true;
    } catch {
      writeTokens(null);
      return false;
    } finally {
      setTimeout(() => (refreshing = null), 0);
    }
  })();
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
  if (response.status === 401 && tokens && (await refreshSession())) response = await send(readTokens()?.accessToken);
  return response;
}

export const api = createApiClient({ baseUrl: '', fetch: authFetch });

/** Unwraps an openapi-fetch result: the data, or an ApiError. */
export async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>, fallback?: string): Promise<T> {
  const { data, response } = await call;
  if (!response.ok) throw await toApiError(response, fallback);
  return data as T;
}

export { ApiError };

import { readTokens } from '../session/session-store';
import { json, mockFetch, storeTokens } from '../testing/render';
import { ApiError } from './api-error';
import { api, authFetch, unwrap } from './client';

const bearer = (r: Request) => r.headers.get('Authorization');

describe('authFetch', () => {
  beforeEach(() => localStorage.clear());

  it('sends the bearer token', async () => {
    storeTokens('tok');
    const fetch = mockFetch((r) => json(200, { seen: bearer(r) }));
    const res = await authFetch(new Request('/api/auth/me'));
    expect(await res.json()).toEqual({ seen: 'Bearer tok' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('refreshes once on a 401, stores the new tokens and retries with them', async () => {
    storeTokens('old', 'r-old');
    const fetch = mockFetch(async (r, route) => {
      if (route === 'POST /api/auth/refresh') {
        expect(await r.json()).toEqual({ refreshToken: 'r-old' });
        return json(200, { accessToken: 'new', refreshToken: 'r-new', user: {} });
      }
      return bearer(r) === 'Bearer new' ? json(200, { ok: true }) : json(401, { message: 'Unauthorized', code: 'UNAUTHORIZED' });
    });
    const res = await authFetch(new Request('/api/auth/me'));
    expect(res.status).toBe(200);
    expect(readTokens()).toEqual({ accessToken: 'new', refreshToken: 'r-new' });
    expect(
      fetch.mock.calls.map((c) => new URL(typeof c[0] === 'string' ? c[0] : (c[0] as Request).url, 'http://localhost').pathname),
    ).toEqual(['/api/auth/me', '/api/auth/refresh', '/api/auth/me']);
  });

  it('clears the session when the refresh fails, and does not loop', async () => {
    storeTokens('old', 'r-old');
    const fetch = mockFetch((_r, route) =>
      route === 'POST /api/auth/refresh' ? json(401, { message: 'Invalid refresh token' }) : json(401, {}),
    );
    const res = await authFetch(new Request('/api/auth/me'));
    expect(res.status).toBe(401);
    expect(readTokens()).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('shares one refresh between concurrent 401s', async () => {
    storeTokens('old');
    let refreshes = 0;
    mockFetch(async (r, route) => {
      if (route === 'POST /api/auth/refresh') {
        refreshes++;
        await new Promise((resolve) => setTimeout(resolve, 10));
        return json(200, { accessToken: 'new', refreshToken: 'r2' });
      }
      return bearer(r) === 'Bearer new' ? json(200, {}) : json(401, {});
    });
    const statuses = await Promise.all([1, 2, 3].map(() => authFetch(new Request('/api/problems')).then((r) => r.status)));
    expect(statuses).toEqual([200, 200, 200]);
    expect(refreshes).toBe(1);
  });

  it('does not try to refresh without a session', async () => {
    const fetch = mockFetch(() => json(401, {}));
    expect((await authFetch(new Request('/api/auth/me'))).status).toBe(401);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('unwrap', () => {
  beforeEach(() => localStorage.clear());

  it("carries the server's message, code and details", async () => {
    mockFetch(() =>
      json(400, {
        message: 'Validation failed',
        code: 'VALIDATION_ERROR',
        details: [{ path: 'email', message: 'email must be an email' }],
      }),
    );
    const error = await unwrap(
      api.POST('/api/auth/register', { body: { username: 'a', email: 'x', password: 'p', confirmPassword: 'p' } }),
    ).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: 'Validation failed',
      status: 400,
      code: 'VALIDATION_ERROR',
      details: [{ path: 'email', message: 'email must be an email' }],
    });
  });

  it('falls back to the given message, then to Request failed', async () => {
    mockFetch(() => new Response('oops', { status: 500 }));
    await expect(unwrap(api.GET('/api/auth/me'), 'Login failed')).rejects.toThrow('Login failed');
    await expect(unwrap(api.GET('/api/auth/me'))).rejects.toThrow('Request failed');
  });
});

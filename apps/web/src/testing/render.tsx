import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, RenderResult } from '@testing-library/react';
import { ReactElement } from 'react';
import { createMemoryRouter, Route, RouterProvider, Routes, useLocation } from 'react-router-dom';

import { SESSION_KEY } from '../session/session-store';
import { SessionProvider } from '../session/SessionProvider';

export type Handler = (request: Request, path: string) => Response | undefined | Promise<Response | undefined>;

export const json = (status: number, body?: unknown): Response =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export const user = (extra: Record<string, unknown> = {}) => ({
  id: 'u1',
  username: 'alice',
  email: 'alice@example.com',
  role: 'user',
  isActive: true,
  profilePublic: true,
  profile: { displayName: 'Alice', bio: '', avatarUrl: '' },
  createdAt: '2026-11-23T10:00:00.000Z',
  rating: null,
  ...extra,
});

/**
 * Replaces fetch with a scripted server: the handler answers by method and path; anything it does not answer
 * is a 404, so a test notices calls it did not expect.
 */
export function mockFetch(handler: Handler): jest.Mock {
  const mock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    // Node's Request (from clone()) is not an instance of the page's Request class: tell them apart by shape.
    const request = typeof input === 'object' && 'url' in input ? (input as Request) : new Request(String(input), init);
    const path = new URL(request.url).pathname;
    return (await handler(request, `${request.method} ${path}`)) ?? json(404, { message: 'Not found', code: 'NOT_FOUND' });
  });
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
}

export function storeTokens(accessToken = 'access-1', refreshToken = 'refresh-1'): void {
  localStorage.setItem(SESSION_KEY, JSON.stringify({ accessToken, refreshToken }));
}

function LocationProbe() {
  const location = useLocation();
  return (
    <>
      <output data-testid="location">{location.pathname}</output>
      <output data-testid="search">{location.search}</output>
    </>
  );
}

/** Renders routes inside the app's providers at a starting URL; the current path and query are shown in data-testid="location" and "search". */
export function renderRoutes(routes: ReactElement, url = '/'): RenderResult & { queryClient: QueryClient } {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  // A data router as in main.tsx, so hooks such as useBlocker work under test.
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <SessionProvider>
            <LocationProbe />
            <Routes>
              {routes}
              <Route path="*" element={<p>elsewhere</p>} />
            </Routes>
          </SessionProvider>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router-dom';

import { LoginPage } from '../pages/LoginPage';
import { json, mockFetch, renderRoutes, storeTokens, user } from '../testing/render';
import { RequireAuth } from './RouteGuards';
import { readTokens, SESSION_KEY } from './session-store';
import { useSession } from './SessionProvider';

function Who() {
  const { user: current, logout } = useSession();
  return (
    <div>
      <p>user: {current?.username ?? 'guest'}</p>
      <button onClick={() => void logout()}>Logout</button>
    </div>
  );
}

const routes = (
  <>
    <Route path="/" element={<Who />} />
    <Route path="/login" element={<LoginPage />} />
    <Route
      path="/settings"
      element={
        <RequireAuth>
          <p>settings page</p>
        </RequireAuth>
      }
    />
    <Route
      path="/admin/users"
      element={
        <RequireAuth admin>
          <p>admin page</p>
        </RequireAuth>
      }
    />
  </>
);

describe('session and route guards', () => {
  beforeEach(() => localStorage.clear());

  it("shows 'Loading session…' while the current user loads, then the page", async () => {
    storeTokens();
    let answer: (r: Response) => void = () => undefined;
    mockFetch((r, route) =>
      route === 'GET /api/auth/me' && r.headers.get('Authorization') === 'Bearer access-1'
        ? new Promise<Response>((resolve) => (answer = resolve))
        : undefined,
    );
    renderRoutes(routes, '/settings');
    expect(screen.getByText('Loading session…')).toBeInTheDocument();
    await act(async () => answer(json(200, user())));
    expect(await screen.findByText('settings page')).toBeInTheDocument();
  });

  it('sends a guest to /login and, after logging in, back to where they were going', async () => {
    mockFetch((_r, route) =>
      route === 'POST /api/auth/login' ? json(200, { accessToken: 'a', refreshToken: 'r', user: user() }) : undefined,
    );
    renderRoutes(routes, '/settings');
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    fireEvent.change(screen.getByLabelText('Username or Email'), { target: { value: 'alice' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('settings page')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/settings');
    expect(readTokens()).toEqual({ accessToken: 'a', refreshToken: 'r' });
  });

  it('treats an unparsable stored session as logged out', () => {
    localStorage.setItem(SESSION_KEY, '{broken');
    const fetch = mockFetch(() => undefined);
    renderRoutes(routes, '/settings');
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends a non-admin away from admin routes to /', async () => {
    storeTokens();
    mockFetch((_r, route) => (route === 'GET /api/auth/me' ? json(200, user()) : undefined));
    renderRoutes(routes, '/admin/users');
    expect(await screen.findByText('user: alice')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('lets an admin in', async () => {
    storeTokens();
    mockFetch((_r, route) => (route === 'GET /api/auth/me' ? json(200, user({ role: 'admin' })) : undefined));
    renderRoutes(routes, '/admin/users');
    expect(await screen.findByText('admin page')).toBeInTheDocument();
  });

  it('logs out when the current user cannot be fetched and the refresh fails', async () => {
    storeTokens();
    mockFetch((_r, route) =>
      route === 'POST /api/auth/refresh' ? json(401, {}) : route === 'GET /api/auth/me' ? json(401, {}) : undefined,
    );
    renderRoutes(routes, '/settings');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(readTokens()).toBeNull();
  });

  it('follows a logout in another tab', async () => {
    storeTokens();
    mockFetch((_r, route) => (route === 'GET /api/auth/me' ? json(200, user()) : undefined));
    renderRoutes(routes, '/');
    expect(await screen.findByText('user: alice')).toBeInTheDocument();
    localStorage.removeItem(SESSION_KEY);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: SESSION_KEY }));
    });
    expect(await screen.findByText('user: guest')).toBeInTheDocument();
  });

  it('logout calls the server with the refresh token, ignores its failure and clears tokens and user', async () => {
    storeTokens('a', 'r-1');
    let logoutBody: unknown;
    mockFetch(async (r, route) => {
      if (route === 'GET /api/auth/me') return json(200, user());
      if (route === 'POST /api/auth/logout') {
        logoutBody = await r.json();
        return json(500, { message: 'boom' });
      }
    });
    renderRoutes(routes, '/');
    expect(await screen.findByText('user: alice')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('user: guest')).toBeInTheDocument();
    expect(logoutBody).toEqual({ refreshToken: 'r-1' });
    expect(readTokens()).toBeNull();
  });
});

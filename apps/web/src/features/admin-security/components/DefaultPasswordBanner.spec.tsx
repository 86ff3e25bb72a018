import { screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router-dom';

import { json, mockFetch, renderRoutes, storeTokens, user } from '../../../testing/render';
import { DefaultPasswordBanner } from './DefaultPasswordBanner';

function serve(me: ReturnType<typeof user>, defaultPasswordAdmins: string[]) {
  storeTokens();
  const calls: string[] = [];
  mockFetch((_r, route) => {
    calls.push(route);
    if (route === 'GET /api/auth/me') return json(200, me);
    if (route === 'GET /api/admin/security') return json(200, { defaultPasswordAdmins });
  });
  renderRoutes(
    <Route
      path="/admin/users"
      element={
        <>
          <DefaultPasswordBanner />
          <p>page</p>
        </>
      }
    />,
    '/admin/users',
  );
  return calls;
}

describe('DefaultPasswordBanner', () => {
  beforeEach(() => localStorage.clear());

  it('warns an admin signed in with the default password and points to Settings', async () => {
    serve(user({ username: 'admin', role: 'admin' }), ['admin']);
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Default password in use. You are signed in with the built-in default password');
    expect(screen.getByRole('link', { name: 'Change it in Settings' })).toHaveAttribute('href', '/settings');
  });

  it('names the other admin accounts that still use it', async () => {
    serve(user({ username: 'root', role: 'admin' }), ['admin']);
    expect(await screen.findByRole('alert')).toHaveTextContent('The admin account admin still uses the built-in default password');
  });

  it('shows nothing once no admin uses it', async () => {
    const calls = serve(user({ username: 'admin', role: 'admin' }), []);
    await waitFor(() => expect(calls).toContain('GET /api/admin/security'));
    await screen.findByText('page');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('does not ask for non-admins', async () => {
    const calls = serve(user({ username: 'bob' }), ['admin']);
    await screen.findByText('page');
    await waitFor(() => expect(calls).toContain('GET /api/auth/me'));
    expect(calls).not.toContain('GET /api/admin/security');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

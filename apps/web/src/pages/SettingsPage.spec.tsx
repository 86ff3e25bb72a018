import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router-dom';

import { RequireAuth } from '../session/RouteGuards';
import { json, mockFetch, renderRoutes, storeTokens, user } from '../testing/render';
import { SettingsPage } from './SettingsPage';

// As in the app, the page sits behind the login guard, so the user is loaded when it mounts.
const routes = (
  <Route
    path="/settings"
    element={
      <RequireAuth>
        <SettingsPage />
      </RequireAuth>
    }
  />
);

async function open(handler: Parameters<typeof mockFetch>[0]) {
  storeTokens();
  const fetch = mockFetch((r, route) => (route === 'GET /api/auth/me' ? json(200, user()) : handler(r, route)));
  renderRoutes(routes, '/settings');
  await screen.findByDisplayValue('Alice');
  return fetch;
}

describe('SettingsPage', () => {
  beforeEach(() => localStorage.clear());

  it('reverts the privacy checkbox when the save fails', async () => {
    await open((_r, route) => (route === 'PUT /api/users/me/profile' ? json(500, {}) : undefined));
    const box = screen.getByLabelText('Public profile');
    expect(box).toBeChecked();
    fireEvent.click(box);
    expect(await screen.findByText('Failed to update profile visibility.')).toBeInTheDocument();
    expect(box).toBeChecked();
  });

  it('keeps the privacy checkbox when the save succeeds', async () => {
    let body: unknown;
    await open(async (r, route) => {
      if (route !== 'PUT /api/users/me/profile') return undefined;
      body = await r.json();
      return json(200, { profilePublic: false });
    });
    fireEvent.click(screen.getByLabelText('Public profile'));
    await waitFor(() => expect(body).toEqual({ profilePublic: false }));
    expect(screen.getByLabelText('Public profile')).not.toBeChecked();
  });

  it("says 'New passwords do not match.' live and 'New passwords must match.' on submit, without calling the server", async () => {
    const fetch = await open(() => undefined);
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'old-password' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'new-password-1' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'new-password-2' } });
    expect(screen.getByText('New passwords do not match.')).toBeInTheDocument();
    const calls = fetch.mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByText('New passwords must match.')).toBeInTheDocument();
    expect(fetch.mock.calls.length).toBe(calls);
  });

  it("shows 'Failed to update password.' and 'Failed to update profile.' when the server gives no message", async () => {
    await open(() => new Response('', { status: 500 }));
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'old-password' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'new-password-1' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'new-password-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Failed to update password.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Failed to update profile.')).toBeInTheDocument();
  });

  it('saves the profile fields', async () => {
    let body: unknown;
    await open(async (r, route) => {
      if (route !== 'PATCH /api/auth/me/profile') return undefined;
      body = await r.json();
      return json(200, user({ profile: { displayName: 'Al', bio: 'hi', avatarUrl: '' } }));
    });
    fireEvent.change(screen.getByLabelText('Display name'), { target: { value: 'Al' } });
    fireEvent.change(screen.getByLabelText('Bio'), { target: { value: 'hi' } });
    expect(screen.getByLabelText('Avatar URL')).toHaveAttribute('type', 'url');
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Profile updated.')).toBeInTheDocument();
    expect(body).toEqual({ displayName: 'Al', bio: 'hi', avatarUrl: '' });
  });
});

import { fireEvent, screen } from '@testing-library/react';
import { Route } from 'react-router-dom';

import { readTokens } from '../session/session-store';
import { json, mockFetch, renderRoutes, user } from '../testing/render';
import { RegisterPage } from './RegisterPage';

const routes = (
  <>
    <Route path="/register" element={<RegisterPage />} />
    <Route path="/dashboard" element={<p>dashboard</p>} />
  </>
);

function fill(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values))
    fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });
}

const good = { Username: 'bob', Email: 'bob@example.com', Password: 'password-1', 'Confirm Password': 'password-1' };

describe('RegisterPage', () => {
  beforeEach(() => localStorage.clear());

  it("checks 'Passwords must match.' before calling the server", () => {
    const fetch = mockFetch(() => undefined);
    renderRoutes(routes, '/register');
    fill({ ...good, 'Confirm Password': 'other' });
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByText('Passwords must match.')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm Password')).toHaveFocus();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows server details under their fields, others in a general list, and focuses the first bad field', async () => {
    mockFetch((_r, route) =>
      route === 'POST /api/auth/register'
        ? json(400, {
            message: 'Validation failed',
            code: 'VALIDATION_ERROR',
            details: [
              { path: 'email', message: 'Email is already registered.' },
              { path: 'username', message: 'Username is already taken.' },
              { path: 'captcha', message: 'Something else went wrong.' },
            ],
          })
        : undefined,
    );
    renderRoutes(routes, '/register');
    fill(good);
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Username is already taken.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is already registered.');
    expect(screen.getByRole('alert')).toHaveTextContent('Something else went wrong.');
    expect(screen.getByLabelText('Username')).toHaveFocus();
  });

  it("shows 'Registration failed' when the server gives no message", async () => {
    mockFetch(() => new Response('', { status: 500 }));
    renderRoutes(routes, '/register');
    fill(good);
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Registration failed')).toBeInTheDocument();
  });

  it('stores the session and goes to /dashboard on success', async () => {
    let body: unknown;
    mockFetch(async (r, route) => {
      if (route !== 'POST /api/auth/register') return undefined;
      body = await r.json();
      return json(201, { accessToken: 'a', refreshToken: 'r', user: user({ username: 'bob' }) });
    });
    renderRoutes(routes, '/register');
    fill(good);
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('dashboard')).toBeInTheDocument();
    expect(body).toEqual({ username: 'bob', email: 'bob@example.com', password: 'password-1', confirmPassword: 'password-1' });
    expect(readTokens()).toEqual({ accessToken: 'a', refreshToken: 'r' });
  });
});

import { fireEvent, screen } from '@testing-library/react';
import { Outlet, Route } from 'react-router-dom';

import { MAIN_CONTENT_ID } from '../components/SkipLink';
import { json, mockFetch, renderRoutes, user } from '../testing/render';
import { LoginPage } from './LoginPage';

// The pages inside the app's <main>, which stays while the route changes, as in App.
const routes = (
  <Route
    element={
      <main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Outlet />
      </main>
    }
  >
    <Route path="/" element={<p>home</p>} />
    <Route path="/login" element={<LoginPage />} />
  </Route>
);

function submit() {
  fireEvent.change(screen.getByLabelText('Username or Email'), { target: { value: 'alice' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'pw-123456' } });
  fireEvent.click(screen.getByRole('button', { name: 'Login' }));
}

describe('LoginPage', () => {
  beforeEach(() => localStorage.clear());

  it("shows 'Login failed' when the server gives no message", async () => {
    mockFetch(() => new Response('', { status: 502 }));
    renderRoutes(routes, '/login');
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed');
  });

  it("prefers the server's message", async () => {
    mockFetch(() => json(401, { message: 'Invalid credentials', code: 'UNAUTHORIZED' }));
    renderRoutes(routes, '/login');
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credentials');
  });

  it('goes to / without an origin, with focus on the main content', async () => {
    mockFetch(() => json(200, { accessToken: 'a', refreshToken: 'r', user: user() }));
    renderRoutes(routes, '/login');
    submit();
    expect(await screen.findByText('home')).toBeInTheDocument();
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });
});

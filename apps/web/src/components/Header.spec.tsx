import { fireEvent, screen } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { json, mockFetch, renderRoutes, storeTokens, user } from '../testing/render';
import { Header } from './Header';

const routes = <Route path="/" element={<Header />} />;

describe('Header', () => {
  beforeEach(() => localStorage.clear());

  it('shows guests Home, Problems, Login and Register only', () => {
    mockFetch(() => undefined);
    renderRoutes(routes);
    expect(screen.getByRole('link', { name: 'Online Judge' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    expect(screen.queryByRole('link', { name: 'Submissions' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Dashboard' })).toBeNull();
  });

  it("opens the user's menu, which closes on Escape and on an outside click", async () => {
    storeTokens();
    mockFetch((_r, route) => (route === 'GET /api/auth/me' ? json(200, user()) : undefined));
    renderRoutes(routes);
    const toggle = await screen.findByRole('button', { name: /alice/ });
    expect(screen.getByRole('link', { name: 'Submissions' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create Problem' })).toBeNull();

    fireEvent.click(toggle);
    const items = screen.getAllByRole('menuitem').map((i) => i.textContent);
    expect(items).toEqual(['Dashboard', 'Submissions', 'Settings', 'Logout']);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(toggle).toHaveFocus();

    fireEvent.click(toggle);
    fireEvent.mouseDown(screen.getByRole('link', { name: 'Problems' }));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('gives admins User Management and Create Problem', async () => {
    storeTokens();
    mockFetch((_r, route) => (route === 'GET /api/auth/me' ? json(200, user({ role: 'admin' })) : undefined));
    renderRoutes(routes);
    fireEvent.click(await screen.findByRole('button', { name: /alice/ }));
    expect(screen.getByRole('menuitem', { name: 'User Management' })).toHaveAttribute('href', '/admin/users');
    expect(screen.getByRole('link', { name: 'Create Problem' })).toHaveAttribute('href', '/admin/create');
  });
});

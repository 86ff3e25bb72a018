import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';

import { leaveApp } from '../api/leave-app';
import { json, mockFetch, renderRoutes, storeTokens, user } from '../testing/render';
import { Header } from './Header';

jest.mock('../api/leave-app', () => ({ leaveApp: jest.fn() }));

const routes = <Route path="/" element={<Header />} />;

describe('Header', () => {
  beforeEach(() => {
    localStorage.clear();
    jest.mocked(leaveApp).mockClear();
  });

  it('shows guests Home, Problems, Contests, Login and Register only', () => {
    mockFetch(() => undefined);
    renderRoutes(routes);
    expect(screen.getByRole('link', { name: 'Online Judge' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Contests' })).toHaveAttribute('href', '/contests');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    expect(screen.queryByRole('link', { name: 'Submissions' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Dashboard' })).toBeNull();
  });

  it('folds the navigation behind a Menu button (shown on phones) that a picked link folds again', () => {
    mockFetch(() => undefined);
    renderRoutes(routes);
    const menu = screen.getByRole('button', { name: 'Menu' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(menu).toHaveAttribute('aria-controls', nav.id);
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(nav).toHaveClass('open');
    fireEvent.click(screen.getByRole('link', { name: 'Problems' }));
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(nav).not.toHaveClass('open');
  });

  it('folds the unfolded navigation on Escape and gives focus back to Menu (issue 33, defect 15)', () => {
    mockFetch(() => undefined);
    renderRoutes(routes);
    const menu = screen.getByRole('button', { name: 'Menu' });
    fireEvent.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();
  });

  it("colours the signed-in user's name by the rating the session's account carries", async () => {
    storeTokens();
    mockFetch((_r, route) => (route === 'GET /api/auth/me' ? json(200, user({ rating: 1450 })) : undefined));
    renderRoutes(routes);
    const toggle = await screen.findByRole('button', { name: /alice/ });
    expect(within(toggle).getByText('alice')).toHaveClass('tier-specialist');
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

  it('opens the queue board for admins: gets the board cookie with the bearer token, then leaves the SPA for it', async () => {
    storeTokens('admin-access');
    const calls: string[] = [];
    mockFetch((request, route) => {
      if (route === 'GET /api/auth/me') return json(200, user({ role: 'admin' }));
      if (route === 'POST /api/admin/queue-board/session') {
        calls.push(request.headers.get('Authorization') ?? '');
        return json(200, { path: '/admin/queues', expiresInSeconds: 900 });
      }
    });
    renderRoutes(routes);
    fireEvent.click(await screen.findByRole('button', { name: /alice/ }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Queue Board' }));
    await waitFor(() => expect(leaveApp).toHaveBeenCalledWith('/admin/queues'));
    expect(calls).toEqual(['Bearer admin-access']);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('shows why the queue board did not open', async () => {
    storeTokens();
    mockFetch((_r, route) => {
      if (route === 'GET /api/auth/me') return json(200, user({ role: 'admin' }));
      if (route === 'POST /api/admin/queue-board/session')
        return json(403, { message: 'Administrator access required', code: 'FORBIDDEN' });
    });
    renderRoutes(routes);
    fireEvent.click(await screen.findByRole('button', { name: /alice/ }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Queue Board' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Administrator access required');
    expect(leaveApp).not.toHaveBeenCalled();
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';

import { json, mockFetch, renderRoutes, storeTokens, user } from '../testing/render';
import { AdminUsersPage } from './AdminUsersPage';

const ME = user({ id: 'me', username: 'root', role: 'admin' });
const BOB = user({ id: 'bob', username: 'bob', email: 'bob@example.com', rating: 2250 });

function serve(change: (route: string, body: unknown) => Response = () => json(200, BOB)) {
  storeTokens();
  const calls: string[] = [];
  mockFetch(async (r, route) => {
    calls.push(route);
    if (route === 'GET /api/auth/me') return json(200, ME);
    if (route === 'GET /api/admin/users') return json(200, { items: [ME, BOB] });
    if (route === 'DELETE /api/admin/users/bob') return json(204);
    if (route.startsWith('PATCH /api/admin/users/bob/')) return change(route, await r.json());
  });
  renderRoutes(<Route path="/admin/users" element={<AdminUsersPage />} />, '/admin/users');
  return calls;
}

describe('AdminUsersPage', () => {
  beforeEach(() => localStorage.clear());

  it("offers no action on the admin's own row, since each would be refused", async () => {
    serve();
    const own = (await screen.findByRole('cell', { name: 'root' })).closest('tr') as HTMLElement;
    expect(within(own).getByRole('link', { name: 'root' })).not.toHaveClass('tier');
    expect(within(own).queryAllByRole('button')).toEqual([]);
    expect(within(own).getByText('(you)')).toBeInTheDocument();
    const other = screen.getByRole('cell', { name: 'bob' }).closest('tr') as HTMLElement;
    expect(within(other).getByRole('link', { name: 'bob' })).toHaveClass('tier-grandmaster');
    expect(
      within(other)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Promote', 'Deactivate', 'Delete']);
    expect(document.title).toBe('User Management · Online Judge');
  });

  it('asks before deleting a user', async () => {
    const calls = serve();
    const other = (await screen.findByRole('cell', { name: 'bob' })).closest('tr') as HTMLElement;
    fireEvent.click(within(other).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete user' });
    expect(dialog).toHaveTextContent('Delete the user bob?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls).not.toContain('DELETE /api/admin/users/bob');
    fireEvent.click(within(other).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Delete user' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls).toContain('DELETE /api/admin/users/bob'));
  });

  it('promotes and deactivates a user, reading the list again, and shows a refusal until the next change succeeds', async () => {
    const sent: unknown[] = [];
    let refuse = true;
    const calls = serve((route, body) => {
      sent.push([route, body]);
      if (refuse) return json(409, { message: 'Keep at least one active admin.', code: 'CONFLICT' });
      return json(200, BOB);
    });
    const other = (await screen.findByRole('cell', { name: 'bob' })).closest('tr') as HTMLElement;
    fireEvent.click(within(other).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Keep at least one active admin.')).toBeInTheDocument();
    refuse = false;
    const reads = calls.filter((c) => c === 'GET /api/admin/users').length;
    fireEvent.click(within(other).getByRole('button', { name: 'Promote' }));
    await waitFor(() => expect(screen.queryByText('Keep at least one active admin.')).toBeNull());
    await waitFor(() => expect(calls.filter((c) => c === 'GET /api/admin/users').length).toBe(reads + 1));
    expect(sent).toEqual([
      ['PATCH /api/admin/users/bob/status', { isActive: false }],
      ['PATCH /api/admin/users/bob/role', { role: 'admin' }],
    ]);
  });
});

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { errorMessage } from '../../../api/api-error';
import { api, unwrap } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { ConfirmDialog } from '../../../components/Modal';
import { useSession } from '../../../session/SessionProvider';

export function UserManagement() {
  const queryClient = useQueryClient();
  const { user: me } = useSession();
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<{ id: string; username: string } | null>(null);
  const users = useQuery({ queryKey: queryKeys.adminUsers(), queryFn: () => unwrap(api.GET('/api/admin/users')) });
  const act = useMutation({
    mutationFn: (action: () => Promise<unknown>) => action(),
    onSuccess: () => (setError(null), queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers() })),
    onError: (e) => setError(errorMessage(e, 'Request failed')),
  });
  return (
    <section>
      <h1>User Management</h1>
      {users.isPending && <p className="muted">Loading…</p>}
      {users.isError && <p className="error">Failed to load users.</p>}
      {error && <p className="error">{error}</p>}
      {users.data && !users.data.items.length && <p className="muted">No users found.</p>}
      {users.data && users.data.items.length > 0 && (
        <div className="table-wrap" tabIndex={0} role="region" aria-label="Users table">
          <table className="table stack admin-users">
            <thead>
              <tr>
                <th>Username</th>
                <th>Email</th>
                <th>Role</th>
                <th>Status</th>
                <th>Profile</th>
                <th>Actions</th>
              </tr>
            </thead>
            <tbody>
              {users.data.items.map((u) => {
                const path = { params: { path: { id: u.id } } };
                return (
                  <tr key={u.id}>
                    <td data-label="Username">{u.username}</td>
                    <td data-label="Email" className="email-cell">
                      {u.email}
                    </td>
                    <td data-label="Role">{u.role}</td>
                    <td data-label="Status">{u.isActive ? 'Active' : 'Inactive'}</td>
                    <td data-label="Profile">{u.profilePublic ? 'Public' : 'Private'}</td>
                    <td data-label="Actions" className="actions">
                      {u.id === me?.id ? (
                        // The server refuses demoting, deactivating or deleting yourself: no button that can only fail.
                        <span className="muted">(you)</span>
                      ) : (
                        <>
                          <button
                            className="btn small"
                            onClick={() =>
                              act.mutate(() =>
                                unwrap(
                                  api.PATCH('/api/admin/users/{id}/role', {
                                    ...path,
                                    body: { role: u.role === 'admin' ? 'user' : 'admin' },
                                  }),
                                ),
                              )
                            }
                          >
                            {u.role === 'admin' ? 'Demote' : 'Promote'}
                          </button>
                          <button
                            className="btn small"
                            onClick={() =>
                              act.mutate(() =>
                                unwrap(api.PATCH('/api/admin/users/{id}/status', { ...path, body: { isActive: !u.isActive } })),
                              )
                            }
                          >
                            {u.isActive ? 'Deactivate' : 'Activate'}
                          </button>
                          <button className="btn small danger" onClick={() => setDeleting(u)}>
                            Delete
                          </button>
                        </>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete user"
          message={`Delete the user ${deleting.username}? Their submissions stay, shown as (deleted user). This cannot be undone.`}
          confirmLabel="Delete"
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            act.mutate(() => unwrap(api.DELETE('/api/admin/users/{id}', { params: { path: { id: deleting.id } } })));
            setDeleting(null);
          }}
        />
      )}
    </section>
  );
}

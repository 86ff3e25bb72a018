import '../admin-users.css';

import { useState } from 'react';

import { errorMessage } from '../../../api/api-error';
import { ConfirmDialog } from '../../../components/Modal';
import { UserName } from '../../../components/UserName';
import { useSession } from '../../../session/SessionProvider';
import { useAdminUsers } from '../hooks/useAdminUsers';

export function UserManagement() {
  const { user: me } = useSession();
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<{ id: string; username: string } | null>(null);
  const { users, toggleRole, toggleActive, remove } = useAdminUsers({
    onSuccess: () => setError(null),
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
              {users.data.items.map((u) => (
                <tr key={u.id}>
                  <td data-label="Username">
                    <UserName username={u.username} rating={u.rating} />
                  </td>
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
                        <button className="btn small" onClick={() => toggleRole(u)}>
                          {u.role === 'admin' ? 'Demote' : 'Promote'}
                        </button>
                        <button className="btn small" onClick={() => toggleActive(u)}>
                          {u.isActive ? 'Deactivate' : 'Activate'}
                        </button>
                        <button className="btn small danger" onClick={() => setDeleting(u)}>
                          Delete
                        </button>
                      </>
                    )}
                  </td>
                </tr>
              ))}
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
            remove(deleting);
            setDeleting(null);
          }}
        />
      )}
    </section>
  );
}

import { useDocumentTitle } from '../components/useDocumentTitle';
import { UserManagement } from '../features/admin-users/components/UserManagement';

/** /admin/users (admins): User Management. */
export function AdminUsersPage() {
  useDocumentTitle('User Management');
  return <UserManagement />;
}

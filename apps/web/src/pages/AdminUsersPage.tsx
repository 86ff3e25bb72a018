import { useDocumentTitle } from '../components/useDocumentTitle';
import { DefaultPasswordBanner } from '../features/admin-security/components/DefaultPasswordBanner';
import { UserManagement } from '../features/admin-users/components/UserManagement';

/** /admin/users (admins): User Management. */
export function AdminUsersPage() {
  useDocumentTitle('User Management');
  return (
    <>
      <DefaultPasswordBanner />
      <UserManagement />
    </>
  );
}

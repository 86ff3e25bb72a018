import { useParams } from 'react-router-dom';

import { useDocumentTitle } from '../components/useDocumentTitle';
import { UserProfile } from '../features/profile/components/UserProfile';

/** /u/{username}: a user's public profile. */
export function UserDashboardPage() {
  const { username = '' } = useParams();
  useDocumentTitle(username);
  return <UserProfile username={username} />;
}

import { useParams } from 'react-router-dom';

import { useDocumentTitle } from '../components/useDocumentTitle';
import { PublicDashboard } from '../features/dashboard/components/PublicDashboard';

/** /u/{username}: a user's public dashboard. */
export function UserDashboardPage() {
  const { username = '' } = useParams();
  useDocumentTitle(username);
  return <PublicDashboard />;
}

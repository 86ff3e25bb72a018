import { useDocumentTitle } from '../components/useDocumentTitle';
import { ContestList } from '../features/contests/components/ContestList';

export function ContestsPage() {
  useDocumentTitle('Contests');
  return <ContestList />;
}

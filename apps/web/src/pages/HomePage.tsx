import { useDocumentTitle } from '../components/useDocumentTitle';
import { Announcements } from '../features/announcements/components/Announcements';
import { ProblemUpdates } from '../features/announcements/components/ProblemUpdates';

/** Home: announcements on the left, problem updates on the right. */
export function HomePage() {
  useDocumentTitle('Home');
  return (
    <div className="home">
      <Announcements />
      <ProblemUpdates />
    </div>
  );
}

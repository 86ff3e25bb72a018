import '../features/announcements/announcements.css';

import { useDocumentTitle } from '../components/useDocumentTitle';
import { Announcements } from '../features/announcements/components/Announcements';
import { ProblemUpdates } from '../features/announcements/components/ProblemUpdates';
import { HomeContests } from '../features/contests/components/HomeContests';

/** Home: announcements on the left; running and upcoming contests and the problem updates on the right. */
export function HomePage() {
  useDocumentTitle('Home');
  return (
    <div className="home">
      <Announcements />
      <div>
        <HomeContests />
        <ProblemUpdates />
      </div>
    </div>
  );
}

import '../features/announcements/announcements.css';

import { Link } from 'react-router-dom';

import { useDocumentTitle } from '../components/useDocumentTitle';
import { Announcements } from '../features/announcements/components/Announcements';
import { ProblemUpdates } from '../features/announcements/components/ProblemUpdates';

/** Home: announcements on the left; the way to the contests and the problem updates on the right. */
export function HomePage() {
  useDocumentTitle('Home');
  return (
    <div className="home">
      <Announcements />
      <div>
        <p className="card home-contests">
          <Link to="/contests">Contests</Link>: running, upcoming and past rounds, with live scoreboards.
        </p>
        <ProblemUpdates />
      </div>
    </div>
  );
}

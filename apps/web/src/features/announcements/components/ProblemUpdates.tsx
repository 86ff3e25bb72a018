import '../announcements.css';

import { Link } from 'react-router-dom';

import { shortDate } from '../../../components/format';
import { useProblemUpdates } from '../hooks/useAnnouncements';

/** The latest problem changes, each linking to its problem. */
export function ProblemUpdates() {
  const updates = useProblemUpdates();
  return (
    <aside>
      <div className="section-head">
        <h2>Problem Updates</h2>
        <Link to="/problems">Browse Problems</Link>
      </div>
      {updates.isPending && <p className="muted">Loading…</p>}
      {updates.isError && <p className="error">Failed to load problem updates.</p>}
      {updates.data?.items.length === 0 && <p className="muted">No recent updates.</p>}
      <ul className="updates">
        {updates.data?.items.map((u) => (
          <li key={u.id}>
            <Link to={`/problems/${u.problemId}`}>{u.titleSnapshot}</Link>
            <span>{u.summary}</span>
            <span className="muted">{shortDate(u.createdAt)}</span>
          </li>
        ))}
      </ul>
    </aside>
  );
}

import { Link, useParams } from 'react-router-dom';

import { ApiError } from '../../../api/api-error';
import { shortDate } from '../../../components/format';
import { useUserDashboard } from '../hooks/useDashboard';

export function PublicDashboard() {
  const { username = '' } = useParams();
  const view = useUserDashboard(username, { retry: false });
  if (view.isPending) return <p className="muted">Loading…</p>;
  if (view.isError) {
    const status = view.error instanceof ApiError ? view.error.status : 0;
    return (
      <p className="error">
        {status === 403 ? 'This profile is private.' : status === 404 ? 'User not found.' : 'Failed to load user dashboard.'}
      </p>
    );
  }
  const { user, solved, attempted } = view.data;
  return (
    <section>
      <h1>{user.profile.displayName || user.username}</h1>
      {user.profile.bio && <p>{user.profile.bio}</p>}
      <div className="two-columns">
        <div className="card">
          <h2>Solved</h2>
          {!solved.length && <p className="muted">No problems solved yet.</p>}
          <ul>
            {solved.map((s) => (
              <li key={s.problemId}>
                <Link to={`/problems/${s.problemId}`}>{s.problemTitle}</Link> <span className="muted">{shortDate(s.acceptedAt)}</span>
              </li>
            ))}
          </ul>
        </div>
        <div className="card">
          <h2>Attempted</h2>
          {!attempted.length && <p className="muted">No attempts recorded yet.</p>}
          <ul>
            {attempted.map((a) => (
              <li key={a.problemId}>
                <Link to={`/problems/${a.problemId}`}>{a.problemTitle}</Link> <span className="muted">{shortDate(a.lastTriedAt)}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

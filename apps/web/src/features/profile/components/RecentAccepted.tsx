import type { Schemas } from '@oj/api-client';
import { PROFILE_RECENT_ACCEPTED } from '@oj/contracts';
import { Link } from 'react-router-dom';

import { shortDate } from '../../../components/format';

/** The latest accepted submissions: the problem, the language, and the time, which opens the submission. */
export function RecentAccepted({ items }: { items: Schemas['RecentAcceptedDto'][] }) {
  return (
    <section className="card" aria-labelledby="recent-accepted">
      <h2 id="recent-accepted">Recent accepted</h2>
      {!items.length && <p className="muted">No accepted submissions yet.</p>}
      {items.length > 0 && (
        <table className="table stack compact">
          <caption className="visually-hidden">The latest {PROFILE_RECENT_ACCEPTED} accepted submissions, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Problem</th>
              <th scope="col">Language</th>
              <th scope="col">Accepted</th>
            </tr>
          </thead>
          <tbody>
            {items.map((s) => (
              <tr key={s.submissionId}>
                <td data-label="Problem">
                  <Link to={`/problems/${s.problemId}`}>{s.problemTitle}</Link>
                </td>
                <td data-label="Language">{s.language}</td>
                <td data-label="Accepted" className="when">
                  <Link to={`/submissions/${s.submissionId}`} aria-label={`Submission of ${s.problemTitle}, ${shortDate(s.submittedAt)}`}>
                    {shortDate(s.submittedAt)}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

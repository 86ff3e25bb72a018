import { Link } from 'react-router-dom';

import type { RatingHistoryEntry } from '../api';
import { RatingDelta } from './RatingDelta';

/** A user's rated contests, newest first: rank, performance, change and the rating after. */
export function RatingHistoryTable({ history }: { history: RatingHistoryEntry[] }) {
  return (
    <div className="table-wrap">
      <table className="table stack compact">
        <thead>
          <tr>
            <th>Contest</th>
            <th className="num">Rank</th>
            <th className="num">Performance</th>
            <th className="num">Change</th>
            <th className="num">Rating</th>
          </tr>
        </thead>
        <tbody>
          {[...history].reverse().map((h) => (
            <tr key={h.contestId}>
              <td data-label="Contest">
                <Link to={`/contests/${h.contestId}`}>{h.title}</Link>
              </td>
              <td className="num" data-label="Rank">
                {h.rank}
              </td>
              <td className="num" data-label="Performance">
                {h.performance}
              </td>
              <td className="num" data-label="Change">
                <RatingDelta oldRating={h.oldRating} newRating={h.newRating} />
              </td>
              <td className="num" data-label="Rating">
                {h.newRating}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

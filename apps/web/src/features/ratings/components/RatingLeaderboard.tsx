import '../ratings.css';

import { useState } from 'react';

import { Pagination } from '../../../components/Pagination';
import { UserName } from '../../../components/UserName';
import { RATINGS_PAGE_SIZE } from '../api';
import { useRatingLeaderboard } from '../hooks/useRatings';

/** /ratings: rated users by current rating (Elo-MMR, README "Ratings"), with their best and their count of contests. */
export function RatingLeaderboard() {
  const [page, setPage] = useState(1);
  const board = useRatingLeaderboard(page);
  return (
    <section className="card" aria-labelledby="ratings-title">
      <h1 id="ratings-title">Ratings</h1>
      {board.isPending && <p className="muted">Loading…</p>}
      {board.isError && <p className="error">Failed to load ratings.</p>}
      {board.data && board.data.items.length === 0 && <p className="muted">No rated contests yet.</p>}
      {board.data && board.data.items.length > 0 && (
        <>
          <div className="table-wrap">
            <table className="table stack" data-testid="rating-leaderboard">
              <thead>
                <tr>
                  <th className="num">Rank</th>
                  <th>User</th>
                  <th className="num">Rating</th>
                  <th className="num">Best</th>
                  <th className="num">Contests</th>
                </tr>
              </thead>
              <tbody>
                {board.data.items.map((row) => (
                  <tr key={row.username}>
                    <td className="num" data-label="Rank">
                      {row.rank}
                    </td>
                    <td data-label="User">
                      <UserName username={row.username} rating={row.rating} />
                    </td>
                    <td className="num" data-label="Rating">
                      {row.rating}
                    </td>
                    <td className="num" data-label="Best">
                      {row.maxRating}
                    </td>
                    <td className="num" data-label="Contests">
                      {row.contests}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination page={page} totalPages={Math.ceil(board.data.total / RATINGS_PAGE_SIZE)} onPage={setPage} />
        </>
      )}
    </section>
  );
}

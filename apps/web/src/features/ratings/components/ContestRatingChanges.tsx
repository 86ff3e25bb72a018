import { UserName } from '../../../components/UserName';
import { useContestRatingChanges } from '../hooks/useRatings';
import { RatingDelta } from './RatingDelta';

/** A rated contest's rating changes, on its page once the workers have computed them (nothing before). */
export function ContestRatingChanges({ contestId, ended }: { contestId: number; ended: boolean }) {
  const changes = useContestRatingChanges(contestId, ended);
  if (!changes.data?.length) return null;
  return (
    <section className="card" aria-labelledby="rating-changes">
      <h2 id="rating-changes">Rating changes</h2>
      <div className="table-wrap">
        <table className="table stack compact" data-testid="rating-changes">
          <thead>
            <tr>
              <th className="num">Rank</th>
              <th>User</th>
              <th className="num">Change</th>
              <th className="num">Rating</th>
            </tr>
          </thead>
          <tbody>
            {changes.data.map((c) => (
              <tr key={c.username}>
                <td className="num" data-label="Rank">
                  {c.rank}
                </td>
                <td data-label="User">
                  <UserName username={c.username} rating={c.newRating} />
                </td>
                <td className="num" data-label="Change">
                  <RatingDelta oldRating={c.oldRating} newRating={c.newRating} />
                </td>
                <td className="num" data-label="Rating">
                  {c.oldRating} → {c.newRating}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

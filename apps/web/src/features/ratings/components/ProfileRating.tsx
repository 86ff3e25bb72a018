import '../ratings.css';

import { ratingTier } from '@oj/contracts';

import { useRatingHistory } from '../hooks/useRatings';
import { RatingGraph } from './RatingGraph';
import { RatingHistoryTable } from './RatingHistoryTable';

/** A profile's rating: the current and best rating, the graph over time, and the contest history. */
export function ProfileRating({ username }: { username: string }) {
  const history = useRatingHistory(username);
  // The profile itself says why it cannot be shown (private, not found); nothing more to add here.
  if (history.isPending || history.isError) return null;
  const entries = history.data;
  return (
    <section className="card" aria-labelledby="profile-rating">
      <h2 id="profile-rating">Rating</h2>
      {entries.length === 0 ? (
        <p className="muted">No rated contests yet.</p>
      ) : (
        <>
          <RatingSummary current={entries[entries.length - 1].newRating} best={Math.max(...entries.map((e) => e.newRating))} />
          <RatingGraph history={entries} />
          <RatingHistoryTable history={entries} />
        </>
      )}
    </section>
  );
}

function RatingSummary({ current, best }: { current: number; best: number }) {
  const tier = ratingTier(current);
  return (
    <p className="rating-summary">
      <span>
        Rating{' '}
        <strong className={tier ? `tier-${tier.id}` : undefined} data-testid="current-rating">
          {current}
        </strong>{' '}
        {tier && <span className="muted">({tier.name})</span>}
      </span>
      <span>
        Best <strong data-testid="best-rating">{best}</strong>
      </span>
    </p>
  );
}

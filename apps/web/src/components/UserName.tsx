import './user-name.css';

import { ratingTier } from '@oj/contracts';
import { Link } from 'react-router-dom';

/**
 * A user's name linking to their profile, in their rating tier's colour when their rating is known (the tiers of
 * libs/contracts, the colours of styles.css's --tier-* tokens); the tier is named for those who cannot see colour.
 */
export function UserName({ username, rating, link = true }: { username: string; rating?: number | null; link?: boolean }) {
  const tier = ratingTier(rating);
  if (!link)
    return (
      <span className={tier ? `user-name tier tier-${tier.id}` : 'user-name'} title={tier ? `${tier.name} · ${rating}` : undefined}>
        {username}
      </span>
    );
  return (
    <Link
      to={`/u/${encodeURIComponent(username)}`}
      className={tier ? `user-name tier tier-${tier.id}` : 'user-name'}
      title={tier ? `${tier.name} · ${rating}` : undefined}
    >
      {username}
    </Link>
  );
}

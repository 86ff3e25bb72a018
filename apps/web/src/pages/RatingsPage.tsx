import { useDocumentTitle } from '../components/useDocumentTitle';
import { RatingLeaderboard } from '../features/ratings/components/RatingLeaderboard';

/** /ratings: the rating leaderboard. */
export function RatingsPage() {
  useDocumentTitle('Ratings');
  return <RatingLeaderboard />;
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { queryKeys } from '../../../api/query-keys';
import { fetchContestRatingChanges, fetchRatingHistory, fetchRatingLeaderboard } from '../api';

/** A page of the rating leaderboard; the previous page stays on screen while the next loads. */
export function useRatingLeaderboard(page: number) {
  return useQuery({ queryKey: queryKeys.ratings(page), queryFn: () => fetchRatingLeaderboard(page), placeholderData: keepPreviousData });
}

/** A user's rated contests, oldest first; a private profile's 403 is an answer, not retried. */
export function useRatingHistory(username: string) {
  return useQuery({ queryKey: queryKeys.ratingHistory(username), queryFn: () => fetchRatingHistory(username), retry: false });
}

/** A contest's rating changes: read only for a rated contest that has ended (`enabled`). */
export function useContestRatingChanges(contestId: number, enabled: boolean) {
  return useQuery({ queryKey: queryKeys.contestRatingChanges(contestId), queryFn: () => fetchContestRatingChanges(contestId), enabled });
}

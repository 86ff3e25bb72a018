import { MAX_PAGE_SIZE } from '@oj/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { queryKeys } from '../../../api/query-keys';
import { fetchContestRatingChanges, fetchRatingHistory, fetchRatingLeaderboard, fetchRatingsOf } from '../api';

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

const NO_RATINGS = new Map<string, number>();

/**
 * The current ratings of the users a list shows (a board page, a page of submissions), by name, for UserName's tier
 * colours: one request per distinct set of names, kept five minutes (ratings change only when a contest is rated).
 * An unrated name is absent; a failed read colours nothing.
 */
export function useRatingsOf(usernames: readonly (string | null | undefined)[]): Map<string, number> {
  const names = [...new Set(usernames.filter((name): name is string => !!name))].sort().slice(0, MAX_PAGE_SIZE);
  const found = useQuery({
    queryKey: queryKeys.ratingsOf(names),
    queryFn: () => fetchRatingsOf(names),
    enabled: names.length > 0,
    staleTime: 5 * 60_000,
    retry: false,
    select: (board) => new Map(board.items.map((row) => [row.username, row.rating])),
  });
  return found.data ?? NO_RATINGS;
}

import type { Schemas } from '@oj/api-client';
import { MAX_PAGE_SIZE } from '@oj/contracts';

import { api, unwrap } from '../../api/client';

export type RatingLeaderboard = Schemas['RatingLeaderboardDto'];
export type RatingHistoryEntry = Schemas['RatingHistoryEntryDto'];
export type ContestRatingChange = Schemas['ContestRatingChangeDto'];

/** Rows of the leaderboard per page. */
export const RATINGS_PAGE_SIZE = 50;

export const fetchRatingLeaderboard = (page: number) =>
  unwrap(api.GET('/api/ratings', { params: { query: { page, limit: RATINGS_PAGE_SIZE } } }), 'Failed to load ratings.');

/** The ratings of up to a page of users by name (the names a list shows), for their tier colours. */
export const fetchRatingsOf = (usernames: string[]) =>
  unwrap(api.GET('/api/ratings', { params: { query: { usernames: usernames.join(','), limit: MAX_PAGE_SIZE } } }));

/** A 403 (private profile) or 404 comes back as an ApiError, for the profile to say why. */
export const fetchRatingHistory = (username: string) =>
  unwrap(api.GET('/api/users/{username}/ratings', { params: { path: { username } } }));

export const fetchContestRatingChanges = (contestId: number) =>
  unwrap(api.GET('/api/contests/{contestId}/rating-changes', { params: { path: { contestId } } }), 'Failed to load rating changes.');

import type { RatingPoints } from '../units';

/** A row of the rating leaderboard (GET /api/ratings). */
export interface RatingLeaderboardRow {
  rank: number;
  username: string;
  rating: RatingPoints;
  maxRating: RatingPoints;
  /** Rated contests played. */
  contests: number;
}

/** One rated contest in a user's history (GET /api/users/{username}/ratings), oldest first. */
export interface RatingHistoryEntry {
  contestId: number;
  title: string;
  endedAt: string;
  rank: number;
  oldRating: RatingPoints;
  newRating: RatingPoints;
  performance: RatingPoints;
}

/** One participant's change in a rated contest (GET /api/contests/{contestId}/rating-changes). */
export interface ContestRatingChange {
  username: string;
  rank: number;
  oldRating: RatingPoints;
  newRating: RatingPoints;
}

/** The ratings queue's job: recompute every rated contest from the first whose final standings changed. */
export interface RatingsJobData {
  /** Why it was asked for, for the log: an end, an unfreeze, an edit, a rejudge. */
  reason: string;
}

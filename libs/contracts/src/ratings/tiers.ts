import type { RatingPoints } from '../units';

/** A band of displayed ratings, shown as a colour on user names (the SPA's `--tier-<id>` tokens). */
export interface RatingTier {
  id: 'newcomer' | 'novice' | 'apprentice' | 'specialist' | 'expert' | 'master' | 'grandmaster';
  name: string;
  /** The lowest displayed rating in the tier. */
  minRating: RatingPoints;
}

/**
 * The tiers, lowest first, on the displayed rating (μ − 3(σ − σ_lim): a newcomer shows 690 and climbs as their
 * deviation shrinks, so the first tiers are passed by playing, the upper ones by winning).
 */
export const RATING_TIERS: readonly RatingTier[] = [
  { id: 'newcomer', name: 'Newcomer', minRating: -Infinity },
  { id: 'novice', name: 'Novice', minRating: 1000 },
  { id: 'apprentice', name: 'Apprentice', minRating: 1200 },
  { id: 'specialist', name: 'Specialist', minRating: 1400 },
  { id: 'expert', name: 'Expert', minRating: 1600 },
  { id: 'master', name: 'Master', minRating: 1900 },
  { id: 'grandmaster', name: 'Grandmaster', minRating: 2200 },
];

/** The tier of a displayed rating; null (unrated) has none. */
export function ratingTier(rating: RatingPoints | null | undefined): RatingTier | null {
  if (rating === null || rating === undefined) return null;
  return [...RATING_TIERS].reverse().find((tier) => rating >= tier.minRating) ?? RATING_TIERS[0];
}

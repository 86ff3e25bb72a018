import type { RatingPoints } from '../units';

/** A question or an answer: a few paragraphs, not a statement. */
export const MAX_CLARIFICATION_LENGTH = 5_000;

/** A clarification as the routes and the contest stream show it. */
export interface Clarification {
  id: number;
  contestId: number;
  /** The asker, shown to admins and to the asker alone; null for an admin's notice and in public ones. */
  username: string | null;
  /** The asker's current rating when their name is shown, for its tier colour; null otherwise or unrated. */
  rating: RatingPoints | null;
  /** The problem asked about; null: the contest in general. */
  problemLabel: string | null;
  /** Null for an admin's unprompted notice. */
  question: string | null;
  answer: string | null;
  /** Shown to every participant, not only the asker. */
  public: boolean;
  createdAt: string;
  answeredAt: string | null;
}

import type { PlayerRatingState, RatedStanding } from '@oj/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A rated contest as it was rated: its end (its place in the order) and the standings used (ratings.ts). */
@Entity('contest_ratings')
export class ContestRatingEntity {
  @PrimaryColumn({ name: 'contest_id', type: 'integer' })
  contestId: number;

  @Column({ name: 'ends_at', type: 'timestamptz' })
  endsAt: Date;

  /** Official participants' ranks on the final board, by user id. */
  @Column({ type: 'jsonb' })
  standings: RatedStanding[];

  @Column({ name: 'computed_at', type: 'timestamptz', default: () => 'now()' })
  computedAt: Date;
}

/** One participant's change in a rated contest, with their Elo-MMR state after it; ratings are displayed ones. */
@Entity('rating_changes')
export class RatingChangeEntity {
  @PrimaryColumn({ name: 'contest_id', type: 'integer' })
  contestId: number;

  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ type: 'integer' })
  rank: number;

  @Column({ name: 'old_rating', type: 'integer' })
  oldRating: number;

  @Column({ name: 'new_rating', type: 'integer' })
  newRating: number;

  @Column({ type: 'integer' })
  performance: number;

  @Column({ type: 'jsonb' })
  state: PlayerRatingState;
}

/** A user's current and best displayed rating and their count of rated contests: the leaderboard's rows. */
@Entity('user_ratings')
export class UserRatingEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ type: 'integer' })
  rating: number;

  @Column({ name: 'max_rating', type: 'integer' })
  maxRating: number;

  @Column({ type: 'integer' })
  contests: number;
}

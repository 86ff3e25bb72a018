import type { ParticipationKind } from '@oj/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A user's run of a contest and their board row. The totals are kept by the result write beside the cells
 * (contest-board.ts): `solved`/`score`/`penalty`/`lastAcMinute` from every result, `public*` from the results a
 * viewer may see during the freeze; the ranked read orders by one set or the other.
 */
@Entity('contest_participations')
export class ContestParticipationEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'contest_id', type: 'integer' })
  contestId: number;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ type: 'varchar', length: 8, default: 'official' })
  kind: ParticipationKind;

  @Column({ name: 'registered_at', type: 'timestamptz', default: () => 'now()' })
  registeredAt: Date;

  /** The participant's own start (a window contest or a virtual run); null: the contest's start. */
  @Column({ name: 'started_at', type: 'timestamptz', nullable: true })
  startedAt: Date | null;

  /** The end of the participant's own window; null: the contest's end. */
  @Column({ name: 'ends_at', type: 'timestamptz', nullable: true })
  endsAt: Date | null;

  @Column({ type: 'integer', default: 0 })
  solved: number;

  @Column({ type: 'double precision', default: 0 })
  score: number;

  @Column({ type: 'integer', default: 0 })
  penalty: number;

  /** 0 with nothing solved, so the ranked read's order needs no COALESCE. */
  @Column({ name: 'last_ac_minute', type: 'integer', default: 0 })
  lastAcMinute: number;

  @Column({ name: 'public_solved', type: 'integer', default: 0 })
  publicSolved: number;

  @Column({ name: 'public_score', type: 'double precision', default: 0 })
  publicScore: number;

  @Column({ name: 'public_penalty', type: 'integer', default: 0 })
  publicPenalty: number;

  @Column({ name: 'public_last_ac_minute', type: 'integer', default: 0 })
  publicLastAcMinute: number;
}

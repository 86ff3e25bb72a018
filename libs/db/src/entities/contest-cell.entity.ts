import type { CellSubtask } from '@oj/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A board cell (participation × problem), re-folded from that participation's results on that problem by every
 * result write: the live fold, and the public one that shows results made during the freeze as `pending`.
 */
@Entity('contest_cells')
export class ContestCellEntity {
  @PrimaryColumn({ name: 'participation_id', type: 'uuid' })
  participationId: string;

  @PrimaryColumn({ name: 'problem_id', type: 'integer' })
  problemId: number;

  @Column({ name: 'contest_id', type: 'integer' })
  contestId: number;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Column({ type: 'boolean', default: false })
  solved: boolean;

  @Column({ type: 'double precision', default: 0 })
  score: number;

  @Column({ type: 'integer', nullable: true })
  minute: number | null;

  /** The same moment as `minute`, in whole seconds from the participant's own start. */
  @Column({ name: 'elapsed_seconds', type: 'integer', nullable: true })
  elapsedSeconds: number | null;

  @Column({ name: 'public_attempts', type: 'integer', default: 0 })
  publicAttempts: number;

  @Column({ name: 'public_solved', type: 'boolean', default: false })
  publicSolved: boolean;

  @Column({ name: 'public_score', type: 'double precision', default: 0 })
  publicScore: number;

  @Column({ name: 'public_minute', type: 'integer', nullable: true })
  publicMinute: number | null;

  @Column({ name: 'public_elapsed_seconds', type: 'integer', nullable: true })
  publicElapsedSeconds: number | null;

  /** Results made during the freeze, hidden from the public fold. */
  @Column({ type: 'integer', default: 0 })
  pending: number;

  /** IOI, a problem with subtasks: each subtask's best in contest points (CellSubtask), in each fold. */
  @Column({ type: 'jsonb', nullable: true })
  subtasks: CellSubtask[] | null;

  @Column({ name: 'public_subtasks', type: 'jsonb', nullable: true })
  publicSubtasks: CellSubtask[] | null;
}

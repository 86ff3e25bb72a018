import type { ContestFormat } from '@oj/contracts';
import { Column, CreateDateColumn, Entity, Generated, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity('contests')
export class ContestEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** Public numeric id, drawn from the contests_contest_id_seq sequence. */
  @Column({ name: 'contest_id', type: 'integer', unique: true })
  @Generated('increment')
  contestId: number;

  @Column({ type: 'varchar', length: 200 })
  title: string;

  @Column({ type: 'text', default: '' })
  description: string;

  @Column({ type: 'varchar', length: 8 })
  format: ContestFormat;

  @Column({ name: 'starts_at', type: 'timestamptz' })
  startsAt: Date;

  @Column({ name: 'ends_at', type: 'timestamptz' })
  endsAt: Date;

  /** Each participant's own window from their start, inside [startsAt, endsAt]; null: the whole contest. */
  @Column({ name: 'duration_minutes', type: 'integer', nullable: true })
  durationMinutes: number | null;

  /** The board freezes this many minutes before endsAt; null: never. */
  @Column({ name: 'freeze_minutes', type: 'integer', nullable: true })
  freezeMinutes: number | null;

  @Column({ name: 'penalty_minutes', type: 'integer' })
  penaltyMinutes: number;

  @Column({ name: 'is_public', type: 'boolean', default: true })
  isPublic: boolean;

  /** Required to register when set. */
  @Column({ name: 'access_code', type: 'varchar', length: 100, nullable: true })
  accessCode: string | null;

  /** Whether its official participants are rated once its results are final (libs/db ratings.ts). */
  @Column({ type: 'boolean', default: false })
  rated: boolean;

  /** When an admin lifted the freeze after the end; null while the board stays frozen. */
  @Column({ name: 'unfrozen_at', type: 'timestamptz', nullable: true })
  unfrozenAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A participant's question and its answer, or an admin's unprompted notice (no question, no author). */
@Entity('clarifications')
export class ClarificationEntity {
  @PrimaryGeneratedColumn('increment')
  id: number;

  @Column({ name: 'contest_id', type: 'integer' })
  contestId: number;

  /** The asker; null for an admin's notice or once the account is deleted. */
  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  userId: string | null;

  /** The problem asked about; null: the contest in general. */
  @Column({ name: 'problem_label', type: 'varchar', length: 4, nullable: true })
  problemLabel: string | null;

  @Column({ type: 'text', nullable: true })
  question: string | null;

  @Column({ type: 'text', nullable: true })
  answer: string | null;

  /** Shown to every participant, not only the asker. */
  @Column({ name: 'is_public', type: 'boolean', default: false })
  isPublic: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'answered_at', type: 'timestamptz', nullable: true })
  answeredAt: Date | null;
}

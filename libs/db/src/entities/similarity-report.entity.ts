import type { SimilarityPair, SimilarityReportStatus, UntokenizedLanguage } from '@oj/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A similarity report: its scope (a contest, or a problem over a time range), its progress and its pairs. */
@Entity('similarity_reports')
export class SimilarityReportEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'contest_id', type: 'integer', nullable: true })
  contestId: number | null;

  @Column({ name: 'problem_id', type: 'integer', nullable: true })
  problemId: number | null;

  @Column({ name: 'range_from', type: 'timestamptz', nullable: true })
  rangeFrom: Date | null;

  @Column({ name: 'range_to', type: 'timestamptz', nullable: true })
  rangeTo: Date | null;

  @Column({ type: 'varchar', length: 16, default: 'queued' })
  status: SimilarityReportStatus;

  /** Percent of the work done, 0–100. */
  @Column({ type: 'integer', default: 0 })
  progress: number;

  @Column({ type: 'text', nullable: true })
  error: string | null;

  @Column({ name: 'submission_count', type: 'integer', default: 0 })
  submissionCount: number;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  untokenized: UntokenizedLanguage[];

  @Column({ type: 'jsonb', default: () => "'[]'" })
  pairs: SimilarityPair[];

  @Column({ name: 'requested_by', type: 'uuid', nullable: true })
  requestedBy: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt: Date | null;
}

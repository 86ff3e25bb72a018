import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { SubmissionStatus, SubtaskResult, TestCaseResult } from '@oj/contracts';

export interface ResultSummary {
  score: number;
  cases: TestCaseResult[];
  message?: string;
  /** Points earned per subtask, for a problem with subtasks. */
  subtasks?: SubtaskResult[];
}

@Entity('submissions')
export class SubmissionEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** Null once the author's account is deleted: the submission stays, without a user name. */
  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  userId: string | null;

  /** The problem's public number; deleting the problem deletes its submissions. */
  @Column({ name: 'problem_id', type: 'integer' })
  problemId: number;

  @Column({ name: 'language_id', type: 'integer' })
  languageId: number;

  @Column({ name: 'language_name', type: 'varchar', length: 100 })
  languageName: string;

  @Column({ name: 'source_code', type: 'text' })
  sourceCode: string;

  @Column({ name: 'source_len', type: 'integer' })
  sourceLen: number;

  @Column({ type: 'varchar', length: 16, default: 'queued' })
  status: SubmissionStatus;

  @Column({ type: 'varchar', length: 32, default: 'PENDING' })
  verdict: string;

  @Column({ type: 'integer', default: 0 })
  score: number;

  @Column({ name: 'runtime_ms', type: 'integer', nullable: true })
  runtimeMs: number | null;

  @Column({ name: 'memory_kb', type: 'integer', nullable: true })
  memoryKB: number | null;

  @Column({ name: 'test_case_results', type: 'jsonb', default: () => "'[]'" })
  testCaseResults: TestCaseResult[];

  @Column({ name: 'result_summary', type: 'jsonb', nullable: true })
  resultSummary: ResultSummary | null;

  /** Set once, in the transaction that adds this submission to the problem's counters. */
  @Column({ name: 'counted_at', type: 'timestamptz', nullable: true })
  countedAt: Date | null;

  @Column({ name: 'queued_at', type: 'timestamptz', nullable: true })
  queuedAt: Date | null;

  @Column({ name: 'started_at', type: 'timestamptz', nullable: true })
  startedAt: Date | null;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

import type { ResultSummary, SubmissionStatus, TestCaseResult } from '@oj/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

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

  /**
   * The problem's isPublic, copied by the database (triggers of the migration) on insert and whenever the problem's
   * visibility changes, so hiding private problems' submissions is a condition on this row alone.
   */
  @Column({ name: 'problem_public', type: 'boolean', default: true, insert: false, update: false })
  problemPublic: boolean;

  /** The contest it was made in: with a participation on its board, without one as practice after the end. */
  @Column({ name: 'contest_id', type: 'integer', nullable: true })
  contestId: number | null;

  /** The contest run (official or virtual) whose board cell this submission counts in. */
  @Column({ name: 'participation_id', type: 'uuid', nullable: true })
  participationId: string | null;

  /**
   * Its result is hidden from everyone but its submitter and admins by its contest's freeze: set by the database
   * (trigger of the migration) for an official submission made during the freeze, cleared by the unfreeze.
   */
  @Column({ type: 'boolean', default: false, insert: false, update: false })
  frozen: boolean;

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

  /**
   * Set in the transaction that writes the result of the current judge round and counts it; null while that
   * round is still to be graded (a new submission, or one being rejudged).
   */
  @Column({ name: 'counted_at', type: 'timestamptz', nullable: true })
  countedAt: Date | null;

  /**
   * The final status the problem's counters hold for this submission (null: not counted yet). It outlives a
   * rejudge request, so the new result can replace exactly the old one's contribution.
   */
  @Column({ name: 'counted_status', type: 'varchar', length: 16, nullable: true })
  countedStatus: SubmissionStatus | null;

  /** 0 for the first grading, raised by each rejudge; only a job of the current round may write the result. */
  @Column({ name: 'judge_round', type: 'integer', default: 0 })
  judgeRound: number;

  @Column({ name: 'rejudged_at', type: 'timestamptz', nullable: true })
  rejudgedAt: Date | null;

  /** The first failing test's number, from 1 (SubmissionRow.failedTest); null until a result has one. */
  @Column({ name: 'failed_test', type: 'integer', nullable: true })
  failedTest: number | null;

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

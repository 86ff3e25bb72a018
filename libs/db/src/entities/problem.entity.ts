import type { CheckerType, Difficulty, LanguageTemplate, Sample, Subtask, ValidatorProtocolSettings } from '@oj/contracts';
import { Column, CreateDateColumn, Entity, Generated, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity('problems')
export class ProblemEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** Public numeric id, drawn from the problems_problem_id_seq sequence. */
  @Column({ name: 'problem_id', type: 'integer', unique: true })
  @Generated('increment')
  problemId: number;

  @Column({ type: 'varchar', length: 200 })
  title: string;

  @Column({ type: 'text' })
  statement: string;

  @Column({ type: 'varchar', length: 8 })
  difficulty: Difficulty;

  @Column({ name: 'is_public', type: 'boolean', default: false })
  isPublic: boolean;

  @Column({ name: 'input_format', type: 'text', default: '' })
  inputFormat: string;

  @Column({ name: 'output_format', type: 'text', default: '' })
  outputFormat: string;

  @Column({ type: 'text', default: '' })
  constraints: string;

  @Column({ name: 'cpu_time_limit', type: 'real', default: 2 })
  cpuTimeLimit: number;

  @Column({ name: 'memory_limit', type: 'integer', default: 128 })
  memoryLimit: number;

  /** Megabytes (MiB) of standard output per test (OUTPUT_LIMIT_MB). */
  @Column({ name: 'output_limit', type: 'integer', default: 8 })
  outputLimit: number;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  tags: string[];

  @Column({ type: 'jsonb', default: () => "'[]'" })
  algorithms: string[];

  @Column({ name: 'judge0_language_ids', type: 'jsonb', default: () => "'[]'" })
  judge0LanguageIds: number[];

  @Column({ type: 'jsonb', default: () => "'[]'" })
  samples: Sample[];

  /** Starter code per language, left out of the similarity check's matching. */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  templates: LanguageTemplate[];

  /** The tests' groups (test_cases.subtask points into this list); empty for a problem scored per test. */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  subtasks: Subtask[];

  @Column({ name: 'test_case_count', type: 'integer', default: 0 })
  testCaseCount: number;

  @Column({ name: 'total_points', type: 'integer', default: 0 })
  totalPoints: number;

  /** How outputs are judged (see CheckerSettings); epsilon only for `float`, source and language only for `custom`. */
  @Column({ name: 'checker_type', type: 'varchar', length: 8, default: 'lines' })
  checkerType: CheckerType;

  @Column({ name: 'checker_epsilon', type: 'double precision', nullable: true })
  checkerEpsilon: number | null;

  @Column({ name: 'checker_source', type: 'text', nullable: true })
  checkerSource: string | null;

  @Column({ name: 'checker_language_id', type: 'integer', nullable: true })
  checkerLanguageId: number | null;

  /** A custom checker's protocol settings (ValidatorProtocolSettings); null for testlib without support files. */
  @Column({ name: 'checker_protocol', type: 'jsonb', nullable: true })
  checkerProtocol: ValidatorProtocolSettings | null;

  /** An interactive problem's interactor (see InteractorSettings): both set, or neither for a standard problem. */
  @Column({ name: 'interactor_source', type: 'text', nullable: true })
  interactorSource: string | null;

  @Column({ name: 'interactor_language_id', type: 'integer', nullable: true })
  interactorLanguageId: number | null;

  /** The interactor's protocol settings, like the checker's. */
  @Column({ name: 'interactor_protocol', type: 'jsonb', nullable: true })
  interactorProtocol: ValidatorProtocolSettings | null;

  @Column({ name: 'author_id', type: 'uuid', nullable: true })
  authorId: string | null;

  @Column({ name: 'submission_count', type: 'integer', default: 0 })
  submissionCount: number;

  @Column({ name: 'accepted_submission_count', type: 'integer', default: 0 })
  acceptedSubmissionCount: number;

  /** Users with an accepted result that the counters count (problem-solvers.ts). */
  @Column({ name: 'solver_count', type: 'integer', default: 0 })
  solverCount: number;

  /** When the latest rejudge of all its submissions began: its progress counts the submissions rejudged since. */
  @Column({ name: 'rejudge_started_at', type: 'timestamptz', nullable: true })
  rejudgeStartedAt: Date | null;

  /**
   * Its tests' version, set anew by the database whenever its test cases change (migration
   * 1796080000000-problem-tests-version.ts): the worker's tests cache key. Read only where asked for.
   */
  @Column({ name: 'tests_version', type: 'bigint', default: 0, select: false })
  testsVersion: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

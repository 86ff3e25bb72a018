import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Hidden test data lives apart from the problem row, so archive queries never load it. */
@Entity('problem_test_cases')
export class TestCaseEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'problem_uuid', type: 'uuid' })
  problemUuid: string;

  @Column({ type: 'integer' })
  position: number;

  @Column({ type: 'text' })
  input: string;

  @Column({ type: 'text' })
  output: string;

  @Column({ type: 'integer', default: 1 })
  points: number;

  /** Index into the problem's subtasks; null for a test in none. */
  @Column({ type: 'integer', nullable: true })
  subtask: number | null;
}

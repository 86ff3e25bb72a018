import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A problem of a contest, under its label and worth its points there. */
@Entity('contest_problems')
export class ContestProblemEntity {
  @PrimaryColumn({ name: 'contest_id', type: 'integer' })
  contestId: number;

  @PrimaryColumn({ name: 'problem_id', type: 'integer' })
  problemId: number;

  @Column({ type: 'varchar', length: 4 })
  label: string;

  @Column({ type: 'integer' })
  points: number;

  /** The order of the contest's problems, from 0. */
  @Column({ type: 'integer' })
  position: number;
}

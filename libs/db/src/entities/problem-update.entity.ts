import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A server-written entry of the Problem Updates feed; keeps the title as it was then. */
@Entity('problem_updates')
export class ProblemUpdateEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'problem_id', type: 'integer' })
  problemId: number;

  @Column({ name: 'title_snapshot', type: 'varchar', length: 200 })
  titleSnapshot: string;

  @Column({ type: 'varchar', length: 500 })
  summary: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

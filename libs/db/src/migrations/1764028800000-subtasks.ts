import { MigrationInterface, QueryRunner } from 'typeorm';

/** Subtasks: a problem's list of them, and each test's index into it (null for a test in none). */
export class Subtasks1764028800000 implements MigrationInterface {
  name = 'Subtasks1764028800000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE problems ADD COLUMN subtasks jsonb NOT NULL DEFAULT '[]'`);
    await q.query(`ALTER TABLE problem_test_cases ADD COLUMN subtask integer`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE problem_test_cases DROP COLUMN IF EXISTS subtask`);
    await q.query(`ALTER TABLE problems DROP COLUMN IF EXISTS subtasks`);
  }
}

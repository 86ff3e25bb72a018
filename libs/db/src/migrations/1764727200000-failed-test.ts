import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Lists say "Wrong answer on test 3" (issue 22): the first failing test's number is kept beside the status, written
 * with the result (final-result.ts), so a list never reads the per-test results.
 */
export class FailedTest1764727200000 implements MigrationInterface {
  name = 'FailedTest1764727200000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE submissions ADD COLUMN failed_test integer`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE submissions DROP COLUMN failed_test`);
  }
}

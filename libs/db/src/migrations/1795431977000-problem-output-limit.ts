import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each problem's output limit: megabytes (MiB) of standard output a test may write, 8 by default as in DOMjudge and
 * the ICPC package format (OUTPUT_LIMIT_MB); more is the verdict `ole`. Existing problems take the default.
 */
export class ProblemOutputLimit1795431977000 implements MigrationInterface {
  name = 'ProblemOutputLimit1795431977000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE problems ADD COLUMN output_limit integer NOT NULL DEFAULT 8`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE problems DROP COLUMN output_limit`);
  }
}

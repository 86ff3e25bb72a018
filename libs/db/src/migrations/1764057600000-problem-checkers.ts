import { MigrationInterface, QueryRunner } from 'typeorm';

/** Each problem's checker (issue 13); existing problems keep the spec's line comparison. */
export class ProblemCheckers1764057600000 implements MigrationInterface {
  name = 'ProblemCheckers1764057600000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE problems
        ADD COLUMN checker_type varchar(8) NOT NULL DEFAULT 'lines',
        ADD COLUMN checker_epsilon double precision,
        ADD COLUMN checker_source text,
        ADD COLUMN checker_language_id integer`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE problems
        DROP COLUMN checker_type,
        DROP COLUMN checker_epsilon,
        DROP COLUMN checker_source,
        DROP COLUMN checker_language_id`);
  }
}

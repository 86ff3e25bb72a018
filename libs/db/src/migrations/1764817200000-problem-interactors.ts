import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Interactive problems (issue 23): a problem with an interactor (its source and language, both or neither) is
 * interactive; its submissions talk to it instead of having their output compared.
 */
export class ProblemInteractors1764817200000 implements MigrationInterface {
  name = 'ProblemInteractors1764817200000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE problems ADD COLUMN interactor_source text, ADD COLUMN interactor_language_id integer`);
    await q.query(
      `ALTER TABLE problems ADD CONSTRAINT problems_interactor_whole CHECK ((interactor_source IS NULL) = (interactor_language_id IS NULL))`,
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE problems DROP CONSTRAINT problems_interactor_whole`);
    await q.query(`ALTER TABLE problems DROP COLUMN interactor_source, DROP COLUMN interactor_language_id`);
  }
}

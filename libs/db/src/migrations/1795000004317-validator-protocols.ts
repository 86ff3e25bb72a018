import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A custom checker's and an interactor's calling convention beside their source (ValidatorProtocolSettings: the
 * ICPC protocol, its validator flags, the files beside the source); null for a testlib program without files.
 */
export class ValidatorProtocols1795000004317 implements MigrationInterface {
  name = 'ValidatorProtocols1795000004317';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE problems ADD COLUMN checker_protocol jsonb, ADD COLUMN interactor_protocol jsonb`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE problems DROP COLUMN checker_protocol, DROP COLUMN interactor_protocol`);
  }
}

import { MigrationInterface, QueryRunner } from 'typeorm';

/** users.token_version: access tokens and queue board cookies carry it, so raising it ends them at once. */
export class TokenVersion1764464400000 implements MigrationInterface {
  name = 'TokenVersion1764464400000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN token_version integer NOT NULL DEFAULT 0`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users DROP COLUMN token_version`);
  }
}

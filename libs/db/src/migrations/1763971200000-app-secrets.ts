import { MigrationInterface, QueryRunner } from 'typeorm';

export class AppSecrets1763971200000 implements MigrationInterface {
  name = 'AppSecrets1763971200000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE app_secrets (
        name varchar(64) PRIMARY KEY,
        value text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS app_secrets`);
  }
}

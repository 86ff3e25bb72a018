import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Tokens for ICPC tools reading a contest through the CLICS Contest API (issue 24): looked up by their hash, and
 * deleted with their contest.
 */
export class ClicsTokens1764900000000 implements MigrationInterface {
  name = 'ClicsTokens1764900000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE clics_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        contest_id integer NOT NULL REFERENCES contests (contest_id) ON DELETE CASCADE,
        name varchar(100) NOT NULL,
        scope varchar(8) NOT NULL CHECK (scope IN ('public', 'admin')),
        token_hash char(64) NOT NULL UNIQUE,
        revoked_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX clics_tokens_contest_idx ON clics_tokens (contest_id)`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE clics_tokens`);
  }
}

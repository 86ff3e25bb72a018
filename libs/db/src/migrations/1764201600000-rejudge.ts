import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Rejudging: a submission's judge round and the status its problem's counters hold for it (so a new result can
 * replace the old one's contribution), and when a problem's latest rejudge began (its progress).
 */
export class Rejudge1764201600000 implements MigrationInterface {
  name = 'Rejudge1764201600000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE submissions
        ADD COLUMN judge_round integer NOT NULL DEFAULT 0,
        ADD COLUMN counted_status varchar(16),
        ADD COLUMN rejudged_at timestamptz`);
    await q.query(`UPDATE submissions SET counted_status = status WHERE counted_at IS NOT NULL`);
    await q.query(`ALTER TABLE problems ADD COLUMN rejudge_started_at timestamptz`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE problems DROP COLUMN rejudge_started_at`);
    await q.query(`ALTER TABLE submissions DROP COLUMN rejudged_at, DROP COLUMN counted_status, DROP COLUMN judge_round`);
  }
}

import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A submission's result can be hidden by its contest's freeze (issue 21): `frozen` is set by the database when an
 * official participant submits from the freeze's start (OI: from the contest's start) while the board is not
 * unfrozen, and cleared by the unfreeze (libs/db contest-freeze.ts), so every list, stream and counter asks this
 * row alone whether to show the result. Only those two write it, as the counters move with it.
 */
export class FrozenResults1764550800000 implements MigrationInterface {
  name = 'FrozenResults1764550800000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE submissions ADD COLUMN frozen boolean NOT NULL DEFAULT false`);
    await q.query(`
      CREATE FUNCTION submissions_take_contest_freeze() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.frozen := EXISTS (
          SELECT 1 FROM contest_participations p JOIN contests c ON c.contest_id = p.contest_id
           WHERE p.id = NEW.participation_id AND p.kind = 'official' AND c.unfrozen_at IS NULL
             AND NEW.created_at >= CASE WHEN c.format = 'oi' THEN c.starts_at
               WHEN c.freeze_minutes IS NULL THEN 'infinity'::timestamptz
               ELSE c.ends_at - make_interval(mins => c.freeze_minutes) END);
        RETURN NEW;
      END $$`);
    await q.query(`
      CREATE TRIGGER submissions_contest_freeze BEFORE INSERT ON submissions
        FOR EACH ROW WHEN (NEW.participation_id IS NOT NULL) EXECUTE FUNCTION submissions_take_contest_freeze()`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER submissions_contest_freeze ON submissions`);
    await q.query(`DROP FUNCTION submissions_take_contest_freeze()`);
    await q.query(`ALTER TABLE submissions DROP COLUMN frozen`);
  }
}

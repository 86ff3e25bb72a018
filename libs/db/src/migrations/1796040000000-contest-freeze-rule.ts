import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The freeze's instant in one SQL home (issue 35): `contest_results_hidden_from` says from when a contest's official
 * results are hidden on its public fold (the freeze's start; OI: the contest's start; 'infinity' without a freeze).
 * The public fold, the unfreeze's sync (libs/db contest-freeze.ts) and the insert trigger of `submissions.frozen`
 * (FrozenResults1764550800000, redefined here to call it) all read it. Its TypeScript form is resultsHiddenFrom in
 * libs/contracts; libs/db/src/contest-freeze.spec.ts proves the two agree. A language-sql function of one
 * expression is inlined by the planner, so the reads cost what the written-out CASE did.
 */
/** The insert trigger's function of `submissions.frozen`: official results made from `hiddenFrom` (SQL on `c`) hide. */
const takeContestFreeze = (hiddenFrom: string) => `
  CREATE OR REPLACE FUNCTION submissions_take_contest_freeze() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    NEW.frozen := EXISTS (
      SELECT 1 FROM contest_participations p JOIN contests c ON c.contest_id = p.contest_id
       WHERE p.id = NEW.participation_id AND p.kind = 'official' AND c.unfrozen_at IS NULL
         AND NEW.created_at >= ${hiddenFrom});
    RETURN NEW;
  END $$`;

export class ContestFreezeRule1796040000000 implements MigrationInterface {
  name = 'ContestFreezeRule1796040000000';

  public async up(q: QueryRunner): Promise<void> {
    // STABLE, not IMMUTABLE: subtracting an interval from a timestamptz depends on the session's time zone.
    await q.query(`
      CREATE FUNCTION contest_results_hidden_from(format text, starts_at timestamptz, ends_at timestamptz, freeze_minutes integer)
        RETURNS timestamptz LANGUAGE sql STABLE PARALLEL SAFE AS $$
        SELECT CASE WHEN format = 'oi' THEN starts_at
          WHEN freeze_minutes IS NULL THEN 'infinity'::timestamptz
          ELSE ends_at - make_interval(mins => freeze_minutes) END
      $$`);
    await q.query(takeContestFreeze('contest_results_hidden_from(c.format, c.starts_at, c.ends_at, c.freeze_minutes)'));
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(
      takeContestFreeze(`CASE WHEN c.format = 'oi' THEN c.starts_at WHEN c.freeze_minutes IS NULL THEN 'infinity'::timestamptz
        ELSE c.ends_at - make_interval(mins => c.freeze_minutes) END`),
    );
    await q.query(`DROP FUNCTION contest_results_hidden_from(text, timestamptz, timestamptz, integer)`);
  }
}

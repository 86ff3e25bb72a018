import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A submission's copy of its problem's visibility, so the rule "other people's submissions of private problems
 * are hidden" is a condition on the submission row that an index can serve, not a per-row look-up of the
 * problem. Triggers keep it exact for every writer: a new submission takes its problem's visibility, and a
 * change of visibility rewrites the problem's submissions in the same transaction as the problem update.
 */
export class SubmissionProblemVisibility1764288000000 implements MigrationInterface {
  name = 'SubmissionProblemVisibility1764288000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE submissions ADD COLUMN problem_public boolean NOT NULL DEFAULT true`);
    await q.query(`
      UPDATE submissions s SET problem_public = false
        FROM problems p WHERE p.problem_id = s.problem_id AND NOT p.is_public`);
    await q.query(`
      CREATE FUNCTION submissions_take_problem_visibility() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.problem_public := (SELECT p.is_public FROM problems p WHERE p.problem_id = NEW.problem_id);
        RETURN NEW;
      END $$`);
    await q.query(`
      CREATE TRIGGER submissions_problem_visibility BEFORE INSERT OR UPDATE OF problem_id ON submissions
        FOR EACH ROW EXECUTE FUNCTION submissions_take_problem_visibility()`);
    await q.query(`
      CREATE FUNCTION problems_share_visibility() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE submissions SET problem_public = NEW.is_public WHERE problem_id = NEW.problem_id;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER problems_visibility_to_submissions AFTER UPDATE OF is_public ON problems
        FOR EACH ROW WHEN (OLD.is_public IS DISTINCT FROM NEW.is_public) EXECUTE FUNCTION problems_share_visibility()`);
    // A problem's submissions by status: the exact count of a narrow filter (problem, status, dates) reads the
    // index alone, for admins and, through the included visibility and owner, for everyone else too.
    await q.query(`
      CREATE INDEX submissions_problem_status_created_idx ON submissions (problem_id, status, created_at DESC)
        INCLUDE (problem_public, user_id)`);
    // Users' submissions (the user filter) with the visibility beside them: counted from the index alone too.
    await q.query(`DROP INDEX submissions_user_created_idx`);
    await q.query(`CREATE INDEX submissions_user_created_idx ON submissions (user_id, created_at DESC) INCLUDE (problem_public)`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX submissions_user_created_idx`);
    await q.query(`CREATE INDEX submissions_user_created_idx ON submissions (user_id, created_at DESC)`);
    await q.query(`DROP INDEX submissions_problem_status_created_idx`);
    await q.query(`DROP TRIGGER problems_visibility_to_submissions ON problems`);
    await q.query(`DROP FUNCTION problems_share_visibility()`);
    await q.query(`DROP TRIGGER submissions_problem_visibility ON submissions`);
    await q.query(`DROP FUNCTION submissions_take_problem_visibility()`);
    await q.query(`ALTER TABLE submissions DROP COLUMN problem_public`);
  }
}

import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each problem's tests version: a number from one sequence, set anew by the database itself whenever a statement
 * inserts, changes or deletes any of the problem's test cases, whichever code wrote them. The worker keeps tests
 * by (problem, version), so a cached copy is never used once the tests changed (problem-tests-cache.ts).
 */
export class ProblemTestsVersion1796080000000 implements MigrationInterface {
  name = 'ProblemTestsVersion1796080000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SEQUENCE problem_tests_version_seq`);
    await q.query(`ALTER TABLE problems ADD COLUMN tests_version bigint NOT NULL DEFAULT 0`);
    // One function, three statement-level triggers (a trigger with transition tables has a single event); a
    // branch naming a transition table its trigger lacks is never planned (PL/pgSQL plans a statement when run).
    await q.query(`
      CREATE FUNCTION problem_tests_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          UPDATE problems SET tests_version = nextval('problem_tests_version_seq')
            WHERE id IN (SELECT problem_uuid FROM new_rows);
        ELSIF TG_OP = 'DELETE' THEN
          UPDATE problems SET tests_version = nextval('problem_tests_version_seq')
            WHERE id IN (SELECT problem_uuid FROM old_rows);
        ELSE
          UPDATE problems SET tests_version = nextval('problem_tests_version_seq')
            WHERE id IN (SELECT problem_uuid FROM old_rows UNION SELECT problem_uuid FROM new_rows);
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER test_cases_inserted AFTER INSERT ON problem_test_cases REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION problem_tests_changed()`);
    await q.query(`CREATE TRIGGER test_cases_updated AFTER UPDATE ON problem_test_cases REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION problem_tests_changed()`);
    await q.query(`CREATE TRIGGER test_cases_deleted AFTER DELETE ON problem_test_cases REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION problem_tests_changed()`);
  }

  public async down(q: QueryRunner): Promise<void> {
    for (const trigger of ['test_cases_inserted', 'test_cases_updated', 'test_cases_deleted'])
      await q.query(`DROP TRIGGER ${trigger} ON problem_test_cases`);
    await q.query(`DROP FUNCTION problem_tests_changed()`);
    await q.query(`ALTER TABLE problems DROP COLUMN tests_version`);
    await q.query(`DROP SEQUENCE problem_tests_version_seq`);
  }
}

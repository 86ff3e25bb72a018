import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A submission inserted while its problem's visibility changes took the old visibility: its trigger read the
 * problem before the change committed, and the change's update of the problem's submissions could not see the
 * uncommitted new row, so a submission of a problem just made private stayed visible to everyone. Reading the
 * problem FOR SHARE waits for a visibility change in flight (and holds one back until the insert commits), so
 * one of the two always sees the other.
 */
export class VisibilityRace1764374400000 implements MigrationInterface {
  name = 'VisibilityRace1764374400000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE OR REPLACE FUNCTION submissions_take_problem_visibility() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.problem_public := (SELECT p.is_public FROM problems p WHERE p.problem_id = NEW.problem_id FOR SHARE);
        RETURN NEW;
      END $$`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE OR REPLACE FUNCTION submissions_take_problem_visibility() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.problem_public := (SELECT p.is_public FROM problems p WHERE p.problem_id = NEW.problem_id);
        RETURN NEW;
      END $$`);
  }
}

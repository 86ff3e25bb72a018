import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The editor settings a user chooses (issue 22), on their row: a default language (a Judge0 id; the engine's list is
 * not stored, so the API checks it on save) and the editor's font size, bounded here as in the API.
 */
export class UserPreferences1764813600000 implements MigrationInterface {
  name = 'UserPreferences1764813600000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN default_language_id integer`);
    await q.query(`ALTER TABLE users ADD COLUMN editor_font_size smallint NOT NULL DEFAULT 13 CHECK (editor_font_size BETWEEN 10 AND 24)`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users DROP COLUMN editor_font_size`);
    await q.query(`ALTER TABLE users DROP COLUMN default_language_id`);
  }
}

import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Two more editor settings (issue 33, defect 12): how wide a tab character is drawn, and the key bindings (CodeMirror's
 * own, Vim's or Emacs's). Existing rows take the defaults; the values are bounded here as in the API.
 */
export class EditorTabWidthKeymap1795004170000 implements MigrationInterface {
  name = 'EditorTabWidthKeymap1795004170000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN editor_tab_width smallint NOT NULL DEFAULT 4 CHECK (editor_tab_width IN (2, 4, 8))`);
    await q.query(
      `ALTER TABLE users ADD COLUMN editor_keymap varchar(16) NOT NULL DEFAULT 'default' CHECK (editor_keymap IN ('default', 'vim', 'emacs'))`,
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users DROP COLUMN editor_keymap`);
    await q.query(`ALTER TABLE users DROP COLUMN editor_tab_width`);
  }
}

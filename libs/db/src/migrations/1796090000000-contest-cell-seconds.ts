import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A cell's moment (its `minute`, in each fold) to the second, for AtCoder's mm:ss. Existing cells take their minute's
 * start (minute × 60): their results' seconds are re-read the next time the cell is re-folded.
 */
export class ContestCellSeconds1796090000000 implements MigrationInterface {
  name = 'ContestCellSeconds1796090000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE contest_cells ADD COLUMN elapsed_seconds integer, ADD COLUMN public_elapsed_seconds integer`);
    await q.query(`UPDATE contest_cells SET elapsed_seconds = minute * 60, public_elapsed_seconds = public_minute * 60`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE contest_cells DROP COLUMN elapsed_seconds, DROP COLUMN public_elapsed_seconds`);
  }
}

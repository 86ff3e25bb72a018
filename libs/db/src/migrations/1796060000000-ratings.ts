import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Ratings (issue 36): a contest is rated or not; each rated contest once its results are final keeps the standings
 * it was rated on (contest_ratings, so a later check sees whether they changed) and each participant's change with
 * their whole Elo-MMR state after it (rating_changes, so a recompute goes on from any contest); user_ratings is the
 * leaderboard, rebuilt from rating_changes by each recompute.
 */
export class Ratings1796060000000 implements MigrationInterface {
  name = 'Ratings1796060000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE contests ADD COLUMN rated boolean NOT NULL DEFAULT false`);
    await q.query(`CREATE TABLE contest_ratings (
      contest_id integer PRIMARY KEY REFERENCES contests(contest_id) ON DELETE CASCADE,
      ends_at timestamptz NOT NULL,
      standings jsonb NOT NULL,
      computed_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX contest_ratings_order_idx ON contest_ratings (ends_at, contest_id)`);
    await q.query(`CREATE TABLE rating_changes (
      contest_id integer NOT NULL REFERENCES contest_ratings(contest_id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      rank integer NOT NULL,
      old_rating integer NOT NULL,
      new_rating integer NOT NULL,
      performance integer NOT NULL,
      state jsonb NOT NULL,
      PRIMARY KEY (contest_id, user_id)
    )`);
    await q.query(`CREATE INDEX rating_changes_user_idx ON rating_changes (user_id)`);
    await q.query(`CREATE TABLE user_ratings (
      user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      rating integer NOT NULL,
      max_rating integer NOT NULL,
      contests integer NOT NULL
    )`);
    await q.query(`CREATE INDEX user_ratings_rank_idx ON user_ratings (rating DESC, user_id)`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE user_ratings`);
    await q.query(`DROP TABLE rating_changes`);
    await q.query(`DROP TABLE contest_ratings`);
    await q.query(`ALTER TABLE contests DROP COLUMN rated`);
  }
}

import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Contests (issue 21): the contest, its problems, each participation with its board row's totals, the board's
 * cells (participation × problem) and clarifications; submissions learn their contest and participation.
 * The ranked read orders a contest's official rows by the format's keys, live or public, hence four indexes.
 */
export class Contests1764460800000 implements MigrationInterface {
  name = 'Contests1764460800000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE contests (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        contest_id serial NOT NULL UNIQUE,
        title varchar(200) NOT NULL,
        description text NOT NULL DEFAULT '',
        format varchar(8) NOT NULL CHECK (format IN ('icpc', 'ioi', 'atcoder', 'oi')),
        starts_at timestamptz NOT NULL,
        ends_at timestamptz NOT NULL,
        duration_minutes integer CHECK (duration_minutes > 0),
        freeze_minutes integer CHECK (freeze_minutes > 0),
        penalty_minutes integer NOT NULL CHECK (penalty_minutes >= 0),
        is_public boolean NOT NULL DEFAULT true,
        access_code varchar(100),
        unfrozen_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (ends_at > starts_at)
      )`);
    await q.query(`CREATE INDEX contests_starts_idx ON contests (starts_at DESC, contest_id DESC)`);
    await q.query(`CREATE INDEX contests_ends_idx ON contests (ends_at, contest_id)`);

    await q.query(`
      CREATE TABLE contest_problems (
        contest_id integer NOT NULL REFERENCES contests(contest_id) ON DELETE CASCADE,
        problem_id integer NOT NULL REFERENCES problems(problem_id) ON DELETE CASCADE,
        label varchar(4) NOT NULL,
        points integer NOT NULL CHECK (points >= 0),
        position integer NOT NULL,
        PRIMARY KEY (contest_id, problem_id),
        UNIQUE (contest_id, label)
      )`);
    await q.query(`CREATE INDEX contest_problems_problem_idx ON contest_problems (problem_id)`);

    await q.query(`
      CREATE TABLE contest_participations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        contest_id integer NOT NULL REFERENCES contests(contest_id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        kind varchar(8) NOT NULL DEFAULT 'official' CHECK (kind IN ('official', 'virtual')),
        registered_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz,
        ends_at timestamptz,
        solved integer NOT NULL DEFAULT 0,
        score double precision NOT NULL DEFAULT 0,
        penalty integer NOT NULL DEFAULT 0,
        last_ac_minute integer NOT NULL DEFAULT 0,
        public_solved integer NOT NULL DEFAULT 0,
        public_score double precision NOT NULL DEFAULT 0,
        public_penalty integer NOT NULL DEFAULT 0,
        public_last_ac_minute integer NOT NULL DEFAULT 0,
        UNIQUE (contest_id, user_id, kind)
      )`);
    await q.query(`CREATE INDEX contest_participations_user_idx ON contest_participations (user_id)`);
    await q.query(
      `CREATE INDEX contest_rows_solved_idx ON contest_participations (contest_id, kind, solved DESC, penalty, last_ac_minute)`,
    );
    await q.query(`CREATE INDEX contest_rows_score_idx ON contest_participations (contest_id, kind, score DESC, penalty)`);
    await q.query(
      `CREATE INDEX contest_rows_public_solved_idx ON contest_participations (contest_id, kind, public_solved DESC, public_penalty, public_last_ac_minute)`,
    );
    await q.query(
      `CREATE INDEX contest_rows_public_score_idx ON contest_participations (contest_id, kind, public_score DESC, public_penalty)`,
    );

    await q.query(`
      CREATE TABLE contest_cells (
        participation_id uuid NOT NULL REFERENCES contest_participations(id) ON DELETE CASCADE,
        problem_id integer NOT NULL,
        contest_id integer NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        solved boolean NOT NULL DEFAULT false,
        score double precision NOT NULL DEFAULT 0,
        minute integer,
        public_attempts integer NOT NULL DEFAULT 0,
        public_solved boolean NOT NULL DEFAULT false,
        public_score double precision NOT NULL DEFAULT 0,
        public_minute integer,
        pending integer NOT NULL DEFAULT 0,
        PRIMARY KEY (participation_id, problem_id),
        FOREIGN KEY (contest_id, problem_id) REFERENCES contest_problems(contest_id, problem_id) ON DELETE CASCADE
      )`);
    // The first solvers of each problem: the earliest solved cells of a contest's problem.
    await q.query(`CREATE INDEX contest_cells_problem_idx ON contest_cells (contest_id, problem_id, minute) WHERE solved`);

    await q.query(`ALTER TABLE submissions ADD COLUMN contest_id integer REFERENCES contests(contest_id) ON DELETE SET NULL`);
    await q.query(`ALTER TABLE submissions ADD COLUMN participation_id uuid REFERENCES contest_participations(id) ON DELETE SET NULL`);
    await q.query(
      `CREATE INDEX submissions_contest_idx ON submissions (contest_id, created_at DESC, id DESC) WHERE contest_id IS NOT NULL`,
    );
    await q.query(
      `CREATE INDEX submissions_participation_idx ON submissions (participation_id, problem_id, created_at, id) WHERE participation_id IS NOT NULL`,
    );

    await q.query(`
      CREATE TABLE clarifications (
        id serial PRIMARY KEY,
        contest_id integer NOT NULL REFERENCES contests(contest_id) ON DELETE CASCADE,
        user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        problem_label varchar(4),
        question text,
        answer text,
        is_public boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        answered_at timestamptz
      )`);
    await q.query(`CREATE INDEX clarifications_contest_idx ON clarifications (contest_id, id)`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE clarifications`);
    await q.query(`ALTER TABLE submissions DROP COLUMN participation_id, DROP COLUMN contest_id`);
    await q.query(`DROP TABLE contest_cells`);
    await q.query(`DROP TABLE contest_participations`);
    await q.query(`DROP TABLE contest_problems`);
    await q.query(`DROP TABLE contests`);
  }
}

import { MigrationInterface, QueryRunner } from 'typeorm';

export class InitialSchema1763884800000 implements MigrationInterface {
  name = 'InitialSchema1763884800000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        username varchar(32) NOT NULL,
        email varchar(254) NOT NULL,
        password_hash text NOT NULL,
        role varchar(16) NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'admin')),
        is_active boolean NOT NULL DEFAULT true,
        profile_public boolean NOT NULL DEFAULT true,
        display_name varchar(64) NOT NULL DEFAULT '',
        bio varchar(1000) NOT NULL DEFAULT '',
        avatar_url varchar(2048) NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX users_username_lower_key ON users (lower(username))`);
    await q.query(`CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email))`);

    await q.query(`
      CREATE TABLE refresh_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        token_hash char(64) NOT NULL UNIQUE,
        family_id uuid NOT NULL,
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id)`);
    await q.query(`CREATE INDEX refresh_tokens_user_idx ON refresh_tokens (user_id)`);

    await q.query(`
      CREATE TABLE problems (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        problem_id serial NOT NULL UNIQUE,
        title varchar(200) NOT NULL,
        statement text NOT NULL,
        difficulty varchar(8) NOT NULL CHECK (difficulty IN ('BASIC', 'EASY', 'MEDIUM', 'HARD')),
        is_public boolean NOT NULL DEFAULT false,
        input_format text NOT NULL DEFAULT '',
        output_format text NOT NULL DEFAULT '',
        constraints text NOT NULL DEFAULT '',
        cpu_time_limit real NOT NULL DEFAULT 2,
        memory_limit integer NOT NULL DEFAULT 128,
        tags jsonb NOT NULL DEFAULT '[]',
        algorithms jsonb NOT NULL DEFAULT '[]',
        judge0_language_ids jsonb NOT NULL DEFAULT '[]',
        samples jsonb NOT NULL DEFAULT '[]',
        test_case_count integer NOT NULL DEFAULT 0,
        total_points integer NOT NULL DEFAULT 0,
        author_id uuid REFERENCES users(id) ON DELETE SET NULL,
        submission_count integer NOT NULL DEFAULT 0,
        accepted_submission_count integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX problems_public_idx ON problems (is_public, problem_id)`);

    await q.query(`
      CREATE TABLE problem_test_cases (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        problem_uuid uuid NOT NULL REFERENCES problems(id) ON DELETE CASCADE,
        position integer NOT NULL,
        input text NOT NULL,
        output text NOT NULL,
        points integer NOT NULL DEFAULT 1,
        UNIQUE (problem_uuid, position)
      )`);

    await q.query(`
      CREATE TABLE submissions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        problem_id integer NOT NULL REFERENCES problems(problem_id) ON DELETE CASCADE,
        language_id integer NOT NULL,
        language_name varchar(100) NOT NULL,
        source_code text NOT NULL,
        source_len integer NOT NULL,
        status varchar(16) NOT NULL DEFAULT 'queued',
        verdict varchar(32) NOT NULL DEFAULT 'PENDING',
        score integer NOT NULL DEFAULT 0,
        runtime_ms integer,
        memory_kb integer,
        test_case_results jsonb NOT NULL DEFAULT '[]',
        result_summary jsonb,
        counted_at timestamptz,
        queued_at timestamptz,
        started_at timestamptz,
        finished_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX submissions_created_idx ON submissions (created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX submissions_problem_created_idx ON submissions (problem_id, created_at DESC)`);
    await q.query(`CREATE INDEX submissions_user_created_idx ON submissions (user_id, created_at DESC)`);
    await q.query(`CREATE INDEX submissions_status_created_idx ON submissions (status, created_at DESC)`);
    await q.query(`CREATE INDEX submissions_updated_idx ON submissions (updated_at)`);

    await q.query(`
      CREATE TABLE announcements (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        title varchar(200) NOT NULL,
        body text NOT NULL,
        pinned boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX announcements_created_idx ON announcements (pinned, created_at DESC)`);

    await q.query(`
      CREATE TABLE problem_updates (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        problem_id integer NOT NULL REFERENCES problems(problem_id) ON DELETE CASCADE,
        title_snapshot varchar(200) NOT NULL,
        summary varchar(500) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX problem_updates_created_idx ON problem_updates (created_at DESC)`);
  }

  public async down(q: QueryRunner): Promise<void> {
    for (const table of ['problem_updates', 'announcements', 'submissions', 'problem_test_cases', 'problems', 'refresh_tokens', 'users']) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}

import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Similarity reports (issue 36): a contest's, or one problem's over a time range, computed by the judge worker;
 * the pairs are kept on the row as they are read, whole. And each problem's templates: starter code per language
 * that its authors give, whose fingerprints the report does not count as shared.
 */
export class SimilarityReports1796070000000 implements MigrationInterface {
  name = 'SimilarityReports1796070000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE similarity_reports (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        contest_id integer REFERENCES contests (contest_id) ON DELETE CASCADE,
        problem_id integer REFERENCES problems (problem_id) ON DELETE CASCADE,
        range_from timestamptz,
        range_to timestamptz,
        status varchar(16) NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
        progress integer NOT NULL DEFAULT 0,
        error text,
        submission_count integer NOT NULL DEFAULT 0,
        untokenized jsonb NOT NULL DEFAULT '[]',
        pairs jsonb NOT NULL DEFAULT '[]',
        requested_by uuid REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz,
        CHECK ((contest_id IS NULL) <> (problem_id IS NULL))
      )
    `);
    await q.query(`CREATE INDEX similarity_reports_contest ON similarity_reports (contest_id, created_at DESC)`);
    await q.query(`CREATE INDEX similarity_reports_problem ON similarity_reports (problem_id, created_at DESC)`);
    await q.query(`ALTER TABLE problems ADD COLUMN templates jsonb NOT NULL DEFAULT '[]'`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE problems DROP COLUMN templates`);
    await q.query(`DROP TABLE similarity_reports`);
  }
}

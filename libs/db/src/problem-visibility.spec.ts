import { Client } from 'pg';

import { dropDatabase, migrate } from './index';
import { freshDatabaseUrl } from './testing/fresh-database-url';

/** A submission's copy of its problem's visibility (problem_public) stays exact when the two are written at once. */
describe("submissions' problem visibility", () => {
  const url = freshDatabaseUrl('oj_db_vis');
  const making = new Client({ connectionString: url });
  const submitting = new Client({ connectionString: url });
  let problemId: number;

  beforeAll(async () => {
    await migrate(url);
    await making.connect();
    await submitting.connect();
    const { rows } = await making.query(
      `INSERT INTO problems (title, statement, difficulty, is_public) VALUES ('P', 's', 'EASY', true) RETURNING problem_id`,
    );
    problemId = rows[0].problem_id;
  });
  afterAll(async () => {
    await making.end();
    await submitting.end();
    await dropDatabase(url);
  });

  it('a submission inserted while its problem turns private is private too', async () => {
    await making.query('BEGIN');
    await making.query('UPDATE problems SET is_public = false WHERE problem_id = $1', [problemId]);
    // The insert must wait for the visibility change rather than copy the visibility it replaces.
    const inserted = submitting.query(
      `INSERT INTO submissions (problem_id, language_id, language_name, source_code, source_len)
       VALUES ($1, 71, 'Python 3', 'print(1)', 8) RETURNING id`,
      [problemId],
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    await making.query('COMMIT');
    const { rows } = await inserted;
    const stored = await making.query('SELECT problem_public FROM submissions WHERE id = $1', [rows[0].id]);
    expect(stored.rows[0].problem_public).toBe(false);
  });
});

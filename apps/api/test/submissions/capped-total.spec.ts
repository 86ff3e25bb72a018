import { bearer, createTestApp, registerUser, TestApp, TestSession } from '@oj/api-testing';
import { ProblemEntity } from '@oj/db';
import { DataSource } from 'typeorm';

import { TOTAL_CAP } from '../../src/submissions/submission-queries';

describe('submission list totals past the counting cap', () => {
  let t: TestApp;
  let ada: TestSession;
  let problemId: number;

  beforeAll(async () => {
    t = await createTestApp();
    ada = await registerUser(t);
    const ds = t.app.get(DataSource);
    problemId = (await ds.getRepository(ProblemEntity).save({ title: 'Busy', statement: 's', difficulty: 'EASY' as const, isPublic: true }))
      .problemId;
    await ds.query(
      `INSERT INTO submissions (user_id, problem_id, language_id, language_name, source_code, source_len, status, created_at)
       SELECT $1, $2, 71, 'Python', 'x', 1, CASE WHEN g <= 3 THEN 'tle' ELSE 'accepted' END, now() - g * interval '1 second'
         FROM generate_series(1, $3::int + 5) g`,
      [ada.user.id, problemId, TOTAL_CAP],
    );
  });
  afterAll(() => t.close());

  const list = async (query: string) =>
    (
      await t
        .http()
        .get(`/api/submissions${query}`)
        .set(...bearer(ada))
        .expect(200)
    ).body;

  it('says "10,000+" instead of counting every row', async () => {
    const first = await list('?limit=20');
    expect(first).toMatchObject({ total: TOTAL_CAP, totalPages: TOTAL_CAP / 20, totalCapped: true });
    expect(first.items).toHaveLength(20);
  });

  it('counts at least to the end of a page asked for past the cap, so the last page is exact again', async () => {
    const last = await list(`?limit=20&page=${TOTAL_CAP / 20 + 1}`);
    expect(last).toMatchObject({ total: TOTAL_CAP + 5, totalPages: TOTAL_CAP / 20 + 1 });
    expect(last).not.toHaveProperty('totalCapped');
    expect(last.items).toHaveLength(5);
  });

  it('stays exact, with no flag, under the cap', async () => {
    const few = await list('?status=tle');
    expect(few.total).toBe(3);
    expect(few).not.toHaveProperty('totalCapped');
  });
});

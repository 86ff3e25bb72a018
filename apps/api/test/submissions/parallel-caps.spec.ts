import { bearer, createAdmin, createTestApp, problemBody, registerUser, TestApp, TestSession } from '@oj/api-testing';
import { SubmissionEntity } from '@oj/db';
import { DataSource } from 'typeorm';

import { MAX_WAITING_PER_USER } from '../../src/submissions/submissions.service';

/** No worker runs: every accepted submission stays queued, so each one counts against the waiting cap. */
describe('submission caps under parallel requests', () => {
  let t: TestApp;
  let replica: TestApp;
  let problemId: number;

  beforeAll(async () => {
    t = await createTestApp();
    // A second API instance on the same database and Redis, with the default per-minute rate.
    replica = await createTestApp({
      DATABASE_URL: t.config.DATABASE_URL,
      REDIS_PREFIX: t.config.REDIS_PREFIX,
      SUBMISSIONS_PER_MINUTE: '6',
    });
    await Promise.all([t, replica].map((app) => app.app.listen(0, '127.0.0.1')));
    problemId = (
      await t
        .http()
        .post('/api/problems')
        .set(...bearer(await createAdmin(t)))
        .send(problemBody())
        .expect(201)
    ).body.problemId;
  }, 60_000);
  afterAll(async () => {
    await replica.close();
    await t.close();
  });

  const burst = (apps: TestApp[], session: TestSession, count = 40) =>
    Promise.all(
      Array.from({ length: count }, (_, i) =>
        apps[i % apps.length]
          .http()
          .post('/api/submissions')
          .set(...bearer(session))
          .send({ problemId, languageId: 71, sourceCode: `print(${i})` }),
      ),
    );
  const waiting = (session: TestSession) =>
    t.app
      .get(DataSource)
      .getRepository(SubmissionEntity)
      .count({ where: { userId: session.user.id, status: 'queued' } });

  it(`40 parallel submissions over two instances: exactly ${MAX_WAITING_PER_USER} wait, the rest get 429`, async () => {
    const user = await registerUser(t);
    const answers = await burst([t, t, replica], user);
    expect(answers.filter((r) => r.status === 201)).toHaveLength(MAX_WAITING_PER_USER);
    const refused = answers.filter((r) => r.status !== 201);
    expect(refused.map((r) => r.status)).toEqual(refused.map(() => 429));
    expect(refused.filter((r) => r.body.message === 'You have too many submissions waiting to be judged.').length).toBeGreaterThan(0);
    expect(await waiting(user)).toBe(MAX_WAITING_PER_USER);
  }, 60_000);

  it('40 parallel submissions at 6 a minute: exactly 6 get through', async () => {
    const user = await registerUser(t);
    const answers = await burst([replica], user);
    expect(answers.filter((r) => r.status === 201)).toHaveLength(6);
    const limited = answers.filter((r) => r.status === 429);
    expect(limited).toHaveLength(34);
    expect(limited[0].body.message).toBe('You are submitting too fast. Please wait a minute and try again.');
    expect(await waiting(user)).toBe(6);
  }, 60_000);
});

import { getQueueToken } from '@nestjs/bull';
import { bearer, createAdmin, createTestApp, problemBody, registerUser, TestApp, TestSession } from '@oj/api-testing';
import { SubmissionEntity } from '@oj/db';
import { JUDGE_QUEUE } from '@oj/messaging';
import Bull from 'bull';
import { DataSource } from 'typeorm';

/** No worker runs here: every submission stays queued, as on a busy judge. */
describe('submission limits and queueing', () => {
  let t: TestApp;
  let admin: TestSession;
  let problemId: number;

  beforeAll(async () => {
    t = await createTestApp({ SUBMISSIONS_PER_MINUTE: '6' });
    admin = await createAdmin(t);
    problemId = (
      await t
        .http()
        .post('/api/problems')
        .set(...bearer(admin))
        .send(problemBody())
        .expect(201)
    ).body.problemId;
  });
  afterAll(() => t.close());

  const submit = (session: TestSession) =>
    t
      .http()
      .post('/api/submissions')
      .set(...bearer(session))
      .send({ problemId, languageId: 71, sourceCode: 'print(1)' });

  it('stores PENDING / queued and adds a Bull job whose id is the submission id', async () => {
    const user = await registerUser(t);
    const id = (await submit(user).expect(201)).body.submissionId;
    const row = await t.app.get(DataSource).getRepository(SubmissionEntity).findOneByOrFail({ id });
    expect(row).toMatchObject({
      verdict: 'PENDING',
      status: 'queued',
      score: 0,
      runtimeMs: null,
      memoryKB: null,
      userId: user.user.id,
      languageId: 71,
    });
    expect(row.queuedAt).toBeInstanceOf(Date);
    const queue = new Bull(JUDGE_QUEUE, t.config.REDIS_URL, { prefix: t.config.REDIS_PREFIX });
    try {
      const job = await queue.getJob(id);
      expect(job?.data).toEqual({ submissionId: id, requestId: expect.any(String) });
      expect(job?.opts).toMatchObject({ attempts: 3, backoff: { type: 'exponential' }, removeOnComplete: true });
    } finally {
      await queue.close();
    }
  });

  it('allows 6 submissions a minute per user, then 429 with Retry-After', async () => {
    const user = await registerUser(t);
    for (let i = 0; i < 6; i++) await submit(user).expect(201);
    const refused = await submit(user).expect(429);
    expect(refused.body).toMatchObject({ code: 'RATE_LIMITED', message: expect.any(String) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await submit(await registerUser(t)).expect(201);
  });

  it('re-submitting counts against the caller', async () => {
    const user = await registerUser(t);
    const id = (await submit(user).expect(201)).body.submissionId;
    for (let i = 0; i < 5; i++)
      await t
        .http()
        .post(`/api/submissions/${id}/resubmit`)
        .set(...bearer(user))
        .expect(201);
    await t
      .http()
      .post(`/api/submissions/${id}/resubmit`)
      .set(...bearer(user))
      .expect(429);
    const again = (
      await t
        .http()
        .post(`/api/submissions/${id}/resubmit`)
        .set(...bearer(admin))
        .expect(201)
    ).body.submissionId;
    expect((await t.app.get(DataSource).getRepository(SubmissionEntity).findOneByOrFail({ id: again })).userId).toBe(user.user.id);
  });

  it('refuses an 11th waiting submission', async () => {
    const user = await registerUser(t);
    const repo = t.app.get(DataSource).getRepository(SubmissionEntity);
    const waiting = {
      userId: user.user.id,
      problemId,
      languageId: 71,
      languageName: 'Python',
      sourceCode: 'x',
      sourceLen: 1,
      status: 'queued' as const,
    };
    await repo.save(Array.from({ length: 10 }, () => ({ ...waiting })));
    const refused = await submit(user).expect(429);
    expect(refused.body.message).toBe('You have too many submissions waiting to be judged.');
    await repo.update({ userId: user.user.id }, { status: 'accepted' });
    await submit(user).expect(201);
  });

  it('a submission the queue refused ends failed instead of waiting forever', async () => {
    const user = await registerUser(t);
    const queue = t.app.get<Bull.Queue>(getQueueToken(JUDGE_QUEUE));
    jest.spyOn(queue, 'add').mockRejectedValueOnce(new Error('Redis is down'));
    const refused = await submit(user).expect(503);
    expect(refused.body.message).toBe('The judge queue is unavailable. Please try again later.');
    const [row] = await t.app.get(DataSource).getRepository(SubmissionEntity).findBy({ userId: user.user.id });
    expect(row).toMatchObject({ status: 'failed', verdict: 'FAILED' });
    expect(row.countedAt).not.toBeNull();
  });

  it('does not limit admins', async () => {
    const boss = await createAdmin(t);
    for (let i = 0; i < 12; i++) await submit(boss).expect(201);
  });
});

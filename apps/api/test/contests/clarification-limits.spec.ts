import {
  bearer,
  contestBody,
  createAdmin,
  createContest,
  createProblem,
  createTestApp,
  problemBody,
  register,
  registerUser,
  TestApp,
  TestSession,
} from '@oj/api-testing';

/** Issue 32, item 15: clarifications cannot be flooded, and their list is paged like every other list. */
describe('clarification limits', () => {
  let t: TestApp;
  let admin: TestSession;
  let ann: TestSession;
  let bob: TestSession;
  let contestId: number;

  beforeAll(async () => {
    t = await createTestApp({ CLARIFICATIONS_PER_MINUTE: '3' });
    admin = await createAdmin(t);
    [ann, bob] = await Promise.all([registerUser(t), registerUser(t)]);
    const problem = await createProblem(t, admin, problemBody());
    ({ contestId } = await createContest(t, admin, contestBody([problem.problemId], -10, 60)));
    await register(t, ann, contestId);
    await register(t, bob, contestId);
  });
  afterAll(() => t.close());

  const ask = (who: TestSession, question: string) =>
    t
      .http()
      .post(`/api/contests/${contestId}/clarifications`)
      .set(...bearer(who))
      .send({ question });
  const list = (who: TestSession, query = '') =>
    t
      .http()
      .get(`/api/contests/${contestId}/clarifications${query}`)
      .set(...bearer(who));

  it('refuses a burst past CLARIFICATIONS_PER_MINUTE with 429 and Retry-After, per account; admins are not limited', async () => {
    const statuses = await Promise.all(Array.from({ length: 40 }, (_, i) => ask(ann, `Question ${i}?`).then((r) => r.status)));
    expect([statuses.filter((s) => s === 201).length, statuses.filter((s) => s === 429).length]).toEqual([3, 37]);
    const refused = await ask(ann, 'One more?').expect(429);
    expect(refused.body).toEqual({
      code: 'RATE_LIMITED',
      message: 'You are sending clarifications too fast. Please wait a minute and try again.',
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    await ask(bob, 'Mine?').expect(201);
    for (let i = 0; i < 5; i++)
      await t
        .http()
        .post(`/api/contests/${contestId}/clarifications`)
        .set(...bearer(admin))
        .send({ answer: `Notice ${i}` })
        .expect(201);
  });

  it('pages the list with page and limit, newest first, and refuses bad ones with 400', async () => {
    const all = (await list(admin, '?limit=100').expect(200)).body;
    expect(all).toMatchObject({ total: 9, totalPages: 1, page: 1, limit: 100 });
    expect(all.items).toHaveLength(9);
    const second = (await list(admin, '?page=2&limit=4').expect(200)).body;
    expect(second).toMatchObject({ total: 9, totalPages: 3, page: 2, limit: 4 });
    expect(second.items.map((c: { id: number }) => c.id)).toEqual(all.items.slice(4, 8).map((c: { id: number }) => c.id));
    expect((await list(admin).expect(200)).body).toMatchObject({ page: 1, limit: 20, total: 9 });
    // ann reads her own three and the admin's five notices.
    expect((await list(ann, '?limit=2').expect(200)).body).toMatchObject({ total: 8, totalPages: 4, limit: 2 });
    for (const query of ['?page=0', '?limit=0', '?limit=101', '?page=x'])
      expect((await list(ann, query).expect(400)).body.code).toBe('VALIDATION_ERROR');
  });
});

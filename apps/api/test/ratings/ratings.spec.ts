import { getQueueToken } from '@nestjs/bull';
import {
  bearer,
  boardCast,
  contestBody,
  createContest,
  createTestApp,
  register,
  registerUser,
  submitGraded,
  TestApp,
  TestSession,
} from '@oj/api-testing';
import { recomputeRatings } from '@oj/db';
import { RATINGS_QUEUE } from '@oj/messaging';
import type { Queue } from 'bull';
import { DataSource } from 'typeorm';

jest.setTimeout(60_000);

/** The ratings' routes over ratings the workers' recompute (recomputeRatings, called here as the worker would) wrote. */
describe('ratings', () => {
  let t: TestApp;
  let admin: TestSession;
  let ann: TestSession;
  let bob: TestSession;
  let contestId: number;
  let ds: DataSource;

  beforeAll(async () => {
    t = await createTestApp();
    ds = t.app.get(DataSource);
    let problems: number[];
    ({ admin, ann, bob, problems } = await boardCast(t));
    ({ contestId } = await createContest(t, admin, contestBody(problems, -60, 60, { rated: true })));
    await register(t, ann, contestId);
    await register(t, bob, contestId);
    const during = new Date(Date.now() - 30 * 60_000);
    await submitGraded(t, ann, contestId, problems[0], during, 'accepted');
    await submitGraded(t, bob, contestId, problems[0], during, 'wrong_answer');
    await ds.query(`UPDATE contests SET ends_at = now() - interval '1 minute' WHERE contest_id = $1`, [contestId]);
  });
  afterAll(() => t.close());

  it('keeps `rated` on the contest, and refuses anything but a boolean with 400 VALIDATION_ERROR', async () => {
    const res = await t.http().get(`/api/contests/${contestId}`).expect(200);
    expect(res.body.rated).toBe(true);
    for (const rated of ['yes', 1, null]) {
      const bad = await t
        .http()
        .post('/api/contests')
        .set(...bearer(admin))
        .send(contestBody([], 10, 70, { rated }))
        .expect(400);
      expect(bad.body.code).toBe('VALIDATION_ERROR');
      expect(JSON.stringify(bad.body.details)).toContain('rated');
    }
    const plain = await createContest(t, admin, contestBody([], 10, 70));
    expect((await t.http().get(`/api/contests/${plain.contestId}`).expect(200)).body.rated).toBe(false);
  });

  it('shows no changes until the recompute, then each participant’s from the final board', async () => {
    expect((await t.http().get(`/api/contests/${contestId}/rating-changes`).expect(200)).body).toEqual([]);
    expect(await recomputeRatings(ds)).toEqual({ recomputed: [contestId] });
    const changes = (await t.http().get(`/api/contests/${contestId}/rating-changes`).expect(200)).body;
    expect(changes).toEqual([
      { username: ann.user.username, rank: 1, oldRating: 690, newRating: expect.any(Number) },
      { username: bob.user.username, rank: 2, oldRating: 690, newRating: expect.any(Number) },
    ]);
    expect(changes[0].newRating).toBeGreaterThan(changes[1].newRating);
  });

  it('lists the leaderboard by rating, paged, and refuses a bad page', async () => {
    const res = await t.http().get('/api/ratings?page=1&limit=1').expect(200);
    expect(res.body.total).toBe(2);
    expect(res.body.items).toEqual([
      { rank: 1, username: ann.user.username, rating: expect.any(Number), maxRating: expect.any(Number), contests: 1 },
    ]);
    expect(res.body.items[0].maxRating).toBe(res.body.items[0].rating);
    const second = await t.http().get('/api/ratings?page=2&limit=1').expect(200);
    expect(second.body.items[0]).toMatchObject({ rank: 2, username: bob.user.username });
    const only = await t.http().get(`/api/ratings?usernames=${bob.user.username},nobody-here`).expect(200);
    expect(only.body).toEqual({ items: [expect.objectContaining({ rank: 2, username: bob.user.username })], total: 1 });
    for (const query of ['limit=0', 'page=abc', 'page=0', 'limit=1000', 'usernames=', 'usernames=a,,b', 'usernames=a%20b']) {
      const bad = await t.http().get(`/api/ratings?${query}`).expect(400);
      expect(bad.body.code).toBe('VALIDATION_ERROR');
    }
  });

  it("gives a user's history oldest first, private profiles to their owner and admins only", async () => {
    const res = await t.http().get(`/api/users/${ann.user.username}/ratings`).expect(200);
    expect(res.body).toEqual([
      {
        contestId,
        title: 'Round 1',
        endedAt: expect.any(String),
        rank: 1,
        oldRating: 690,
        newRating: expect.any(Number),
        performance: expect.any(Number),
      },
    ]);
    expect(res.body[0].performance).toBeGreaterThan(1500);
    await t
      .http()
      .put('/api/users/me/profile')
      .set(...bearer(bob))
      .send({ profilePublic: false })
      .expect(200);
    const hidden = await t.http().get(`/api/users/${bob.user.username}/ratings`).expect(403);
    expect(hidden.body.message).toBe('This profile is private.');
    await t
      .http()
      .get(`/api/users/${bob.user.username}/ratings`)
      .set(...bearer(bob))
      .expect(200);
    await t
      .http()
      .get(`/api/users/${bob.user.username}/ratings`)
      .set(...bearer(admin))
      .expect(200);
    await t.http().get('/api/users/nobody-here/ratings').expect(404);
    await t.http().get('/api/users/bad%20name!/ratings').expect(404);
  });

  it('keeps a private profile off the leaderboard for others, ranking the rest among themselves', async () => {
    const profile = (session: TestSession, profilePublic: boolean) =>
      t
        .http()
        .put('/api/users/me/profile')
        .set(...bearer(session))
        .send({ profilePublic })
        .expect(200);
    const board = async (viewer?: TestSession) => {
      const request = t.http().get('/api/ratings');
      return (await (viewer ? request.set(...bearer(viewer)) : request).expect(200)).body;
    };
    await profile(bob, true);
    await profile(ann, false);
    try {
      // Ann (first) hides her profile: others see Bob alone, first, with no gap where she was.
      for (const viewer of [undefined, bob])
        expect(await board(viewer)).toEqual({ items: [expect.objectContaining({ rank: 1, username: bob.user.username })], total: 1 });
      for (const viewer of [ann, admin])
        expect((await board(viewer)).items.map((r: { username: string }) => r.username)).toEqual([ann.user.username, bob.user.username]);
      expect((await t.http().get(`/api/ratings?usernames=${ann.user.username}`).expect(200)).body).toEqual({ items: [], total: 0 });
    } finally {
      await profile(ann, true);
      await profile(bob, false);
    }
  });

  it("carries each shown user's rating in the responses that show them, unrated as null", async () => {
    const [{ rating }] = await ds.query('SELECT rating FROM user_ratings WHERE user_id = $1', [ann.user.id]);
    const me = await t
      .http()
      .get('/api/auth/me')
      .set(...bearer(ann))
      .expect(200);
    expect(me.body.rating).toBe(rating);
    const accounts = await t
      .http()
      .get('/api/admin/users')
      .set(...bearer(admin))
      .expect(200);
    const ratingOf = (name: string) => accounts.body.items.find((u: { username: string }) => u.username === name).rating;
    expect([ratingOf(ann.user.username), ratingOf(admin.user.username)]).toEqual([rating, null]);
    const rows = await t
      .http()
      .get(`/api/submissions?user=${ann.user.username}`)
      .set(...bearer(admin))
      .expect(200);
    expect(rows.body.items.map((row: { userRating: number }) => row.userRating)).toEqual([rating]);
    const inContest = await t
      .http()
      .get(`/api/contests/${contestId}/submissions?username=${ann.user.username}`)
      .set(...bearer(admin))
      .expect(200);
    expect(inContest.body.items[0].userRating).toBe(rating);
    const detail = await t
      .http()
      .get(`/api/submissions/${rows.body.items[0].id}`)
      .set(...bearer(admin))
      .expect(200);
    expect(detail.body.submission.userRating).toBe(rating);
    await ds.query(`INSERT INTO clarifications (contest_id, user_id, question) VALUES ($1, $2, 'Is n ≥ 1?')`, [contestId, ann.user.id]);
    const asked = await t
      .http()
      .get(`/api/contests/${contestId}/clarifications`)
      .set(...bearer(admin))
      .expect(200);
    expect(asked.body.items).toMatchObject([{ username: ann.user.username, rating }]);
  });

  it('answers 404 for a contest that is not there', async () => {
    await t.http().get('/api/contests/999999/rating-changes').expect(404);
    await t.http().get('/api/contests/abc/rating-changes').expect(404);
  });

  it('asks the workers for a recompute when a contest is edited or unfrozen, computing nothing itself', async () => {
    const queue = t.app.get<Queue>(getQueueToken(RATINGS_QUEUE));
    await queue.empty();
    await t
      .http()
      .post(`/api/contests/${contestId}/unfreeze`)
      .set(...bearer(admin))
      .expect((res) => expect([200, 201]).toContain(res.status));
    const jobs = await queue.getJobs(['delayed', 'waiting']);
    expect(jobs.map((job) => job.data)).toEqual([{ reason: `contest ${contestId} unfrozen` }]);
  });

  it("asks for a recompute at once when a rated contest's official participant is deleted, and only then", async () => {
    const queue = t.app.get<Queue>(getQueueToken(RATINGS_QUEUE));
    const asked = async () => (await queue.getJobs(['delayed', 'waiting'])).map((job) => job.data.reason);
    const remove = (userId: string) =>
      t
        .http()
        .delete(`/api/admin/users/${userId}`)
        .set(...bearer(admin))
        .expect(204);
    // Removed, not emptied: an ask of the same window would otherwise find the unfreeze's job id taken.
    await Promise.all((await queue.getJobs(['delayed', 'waiting'])).map((job) => job.remove()));
    await remove((await registerUser(t)).user.id);
    expect(await asked()).toEqual([]);
    await remove(bob.user.id);
    expect(await asked()).toEqual([`user ${bob.user.id} deleted`]);
  });
});

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
  submitGraded,
  TestApp,
  TestSession,
} from '@oj/api-testing';

const MINUTE = 60_000;
const ago = (minutes: number) => new Date(Date.now() - minutes * MINUTE);

/**
 * Issue 33, item 7: the board's solved / tried row counts the whole board, not the page, as the rows are shown (the
 * frozen figures for whoever sees the frozen board); the user search finds rows by name, ranked on the whole board.
 */
describe("the board's problem totals and user search", () => {
  let t: TestApp;
  let admin: TestSession;
  let users: TestSession[];
  let contestId: number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t);
    users = await Promise.all([registerUser(t), registerUser(t), registerUser(t), registerUser(t)]);
    const problems = [
      (await createProblem(t, admin, problemBody({ title: 'A' }))).problemId,
      (await createProblem(t, admin, problemBody({ title: 'B' }))).problemId,
    ];
    // Half an hour in, half an hour to go, frozen for the last 40 minutes: frozen since 10 minutes ago.
    ({ contestId } = await createContest(t, admin, contestBody(problems, -30, 30, { freezeMinutes: 40 })));
    for (const user of users) await register(t, user, contestId);
    const [ann, bob, cat, dan] = users;
    await submitGraded(t, ann, contestId, problems[0], ago(25), 'accepted');
    await submitGraded(t, bob, contestId, problems[0], ago(25), 'wrong_answer');
    // Inside the freeze: pending for everyone but cat and admins.
    await submitGraded(t, cat, contestId, problems[0], ago(5), 'accepted');
    await submitGraded(t, dan, contestId, problems[1], ago(25), 'accepted');
  });
  afterAll(() => t.close());

  const board = async (query: string, who?: TestSession) => {
    const req = t.http().get(`/api/contests/${contestId}/scoreboard?${query}`);
    return (await (who ? req.set(...bearer(who)) : req).expect(200)).body;
  };

  it('counts every row of the board on each page: live for admins, the frozen figures for a guest', async () => {
    const live = await board('limit=1', admin);
    expect([live.items.length, live.total, live.problemTotals]).toEqual([1, 4, { A: { solved: 2, tried: 3 }, B: { solved: 1, tried: 1 } }]);
    const guest = await board('limit=1&page=3');
    // Cat's frozen solve is a try behind the freeze: tried, not solved.
    expect([guest.frozen, guest.items.length, guest.problemTotals]).toEqual([
      true,
      1,
      { A: { solved: 1, tried: 3 }, B: { solved: 1, tried: 1 } },
    ]);
    // A participant sees their own row live, and the board's totals as everyone else sees them.
    expect((await board('', users[2])).problemTotals).toEqual(guest.problemTotals);
  });

  it('finds rows by any part of the name, in any case, each with its rank on the whole board', async () => {
    const cat = users[2].user.username;
    for (const who of [undefined, admin]) {
      const whole = await board('limit=100', who);
      const found = await board(`user=${encodeURIComponent(cat.slice(1).toUpperCase())}`, who);
      expect([found.total, found.items.map((r: { username: string }) => r.username)]).toEqual([1, [cat]]);
      expect(found.items[0]).toEqual(whole.items.find((r: { username: string }) => r.username === cat));
      expect(found.problemTotals).toEqual(whole.problemTotals);
    }
    expect((await board('user=nobody-has-this-name')).items).toEqual([]);
    const tooLong = await t
      .http()
      .get(`/api/contests/${contestId}/scoreboard?user=${'x'.repeat(33)}`)
      .expect(400);
    expect(tooLong.body.code).toBe('VALIDATION_ERROR');
  });
});

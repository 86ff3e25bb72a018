import {
  bearer,
  contestBody,
  createAdmin,
  createContest,
  createProblem,
  createTestApp,
  minutesFrom,
  problemBody,
  register,
  registerUser,
  submitGraded,
  TestApp,
  TestSession,
} from '@oj/api-testing';

import { responseMismatches } from '../openapi-responses';

/**
 * Every read route of a contest, during its freeze, as a guest, a participant, another participant, a user outside
 * it and an admin: no 5xx, every body exactly as the OpenAPI document describes it (no field missing, none extra,
 * none of the wrong type or wrongly null), and nobody but its submitter and admins told a frozen verdict.
 */
describe('contest routes during a freeze, by role', () => {
  let t: TestApp;
  /** An admin; ann and bob take part; cat does not. */
  let [admin, ann, bob, cat]: TestSession[] = [];
  let contestId: number;
  let roles: [string, TestSession | undefined][];
  const http = () => t.http();

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t);
    [ann, bob, cat] = await Promise.all([registerUser(t), registerUser(t), registerUser(t)]);
    const open = (await createProblem(t, admin, problemBody({ title: 'Open' }))).problemId;
    const secret = (await createProblem(t, admin, problemBody({ title: 'Secret', isPublic: false }))).problemId;
    // 60 minutes, frozen for the last 20: it started 50 minutes ago. A private contest with a code, reached by link.
    const created = await createContest(
      t,
      admin,
      contestBody([open, secret], -50, 10, { freezeMinutes: 20, isPublic: false, accessCode: 'code-2026-c1' }),
    );
    contestId = created.contestId;
    const { startsAt } = (await http().get(`/api/contests/${contestId}`).expect(200)).body;
    await register(t, ann, contestId, 'code-2026-c1');
    await register(t, bob, contestId, 'code-2026-c1');
    await submitGraded(t, ann, contestId, open, minutesFrom(startsAt, 5), 'accepted');
    // bob's solve of B comes during the freeze: his and the admins' to know until the unfreeze.
    await submitGraded(t, bob, contestId, secret, minutesFrom(startsAt, 45), 'accepted');
    const asked = await http()
      .post(`/api/contests/${contestId}/clarifications`)
      .set(...bearer(bob))
      .send({ question: 'Is B hard?', problemLabel: 'B' })
      .expect(201);
    await http()
      .post(`/api/contests/${contestId}/clarifications/${asked.body.id}/answer`)
      .set(...bearer(admin))
      .send({ answer: 'No.', public: true })
      .expect(200);
    roles = [
      ['a guest', undefined],
      ['ann (a participant)', ann],
      ['bob (another participant)', bob],
      ['cat (outside the contest)', cat],
      ['an admin', admin],
    ];
  });
  afterAll(() => t.close());

  const ROUTES = [
    '/api/contests',
    '/api/contests/{contestId}',
    '/api/contests/{contestId}/problems/{label}',
    '/api/contests/{contestId}/submissions',
    '/api/contests/{contestId}/clarifications',
    '/api/contests/{contestId}/scoreboard',
  ];

  /** Each route's answer to each role: its status, and how its body departs from the document. */
  async function answers(route: string) {
    const path = route.replace('{contestId}', String(contestId)).replace('{label}', 'B');
    return Promise.all(
      roles.map(async ([who, session]) => {
        const req = http().get(path);
        const res = await (session ? req.set(...bearer(session)) : req);
        const shape = res.status < 300 ? responseMismatches('GET', route, res.status, res.body) : [];
        return { who, status: res.status, shape, body: res.body };
      }),
    );
  }

  it.each(ROUTES)('GET %s answers every role with a documented body, never a 5xx', async (route) => {
    const seen = await answers(route);
    expect(seen.filter((a) => a.status >= 500)).toEqual([]);
    expect(seen.flatMap((a) => a.shape.map((m) => `${a.who}: ${m}`))).toEqual([]);
  });

  it('tells a frozen verdict to its submitter and admins only', async () => {
    const board = Object.fromEntries((await answers('/api/contests/{contestId}/scoreboard')).map((a) => [a.who, a.body]));
    const bobsB = (b: { items: { username: string; cells: Record<string, { solved: boolean; pending: number }> }[] }) =>
      b.items.find((row) => row.username === bob.user.username)?.cells.B;
    for (const who of ['a guest', 'ann (a participant)', 'cat (outside the contest)']) {
      expect([who, board[who].frozen, bobsB(board[who])]).toEqual([
        who,
        true,
        { attempts: 0, solved: false, score: 0, minute: null, elapsedSeconds: null, pending: 1 },
      ]);
      expect(board[who].firstSolvers.B ?? null).toBeNull();
    }
    expect(bobsB(board['bob (another participant)'])).toMatchObject({ solved: true, pending: 0 });
    expect(board['bob (another participant)'].mine).toMatchObject({ username: bob.user.username, solved: 1 });
    expect(bobsB(board['an admin'])).toMatchObject({ solved: true, pending: 0 });

    // The contest's submissions: each their own; a guest none; only admins anyone's.
    const subs = Object.fromEntries((await answers('/api/contests/{contestId}/submissions')).map((a) => [a.who, a]));
    expect(subs['a guest'].status).toBe(401);
    const users = (who: string) => subs[who].body.items.map((s: { userName: string }) => s.userName);
    expect(users('ann (a participant)')).toEqual([ann.user.username]);
    expect(users('cat (outside the contest)')).toEqual([]);
    expect(subs['bob (another participant)'].body.items).toMatchObject([{ userName: bob.user.username, status: 'accepted' }]);
    expect(users('an admin').sort()).toEqual([ann.user.username, bob.user.username].sort());
  });

  it('shows the private problem, the clarifications and the code as each role may see them', async () => {
    const status = async (route: string) => (await answers(route)).map((a) => [a.who, a.status]);
    expect(await status('/api/contests/{contestId}/problems/{label}')).toEqual([
      ['a guest', 404],
      ['ann (a participant)', 200],
      ['bob (another participant)', 200],
      ['cat (outside the contest)', 404],
      ['an admin', 200],
    ]);
    const clarifications = (await answers('/api/contests/{contestId}/clarifications')).map((a) => [
      a.who,
      a.body.items.map((c: { question: string; username: string | null }) => `${c.question} ${c.username ?? '(unsigned)'}`),
    ]);
    expect(clarifications).toEqual([
      ['a guest', []],
      ['ann (a participant)', ['Is B hard? (unsigned)']],
      ['bob (another participant)', [`Is B hard? ${bob.user.username}`]],
      ['cat (outside the contest)', []],
      ['an admin', [`Is B hard? ${bob.user.username}`]],
    ]);
    const contest = (await answers('/api/contests/{contestId}')).map((a) => [
      a.who,
      a.body.accessCode,
      a.body.frozen,
      a.body.problems[1].title,
    ]);
    expect(contest).toEqual([
      ['a guest', undefined, true, ''],
      ['ann (a participant)', undefined, true, 'Secret'],
      ['bob (another participant)', undefined, true, 'Secret'],
      ['cat (outside the contest)', undefined, true, ''],
      ['an admin', 'code-2026-c1', false, 'Secret'],
    ]);
  });

  it('answers its writes with documented bodies too', async () => {
    const post = async (route: string, who: TestSession, body: object, status: number, id = 0) => {
      const path = route.replace('{contestId}', String(contestId)).replace('{id}', String(id));
      const res = await http()
        .post(path)
        .set(...bearer(who))
        .send(body)
        .expect(status);
      expect(responseMismatches('POST', route, status, res.body)).toEqual([]);
      return res.body;
    };
    await post('/api/contests/{contestId}/participants', admin, { username: cat.user.username }, 200);
    await post('/api/contests/{contestId}/register', cat, { accessCode: 'code-2026-c1' }, 200);
    const asked = await post('/api/contests/{contestId}/clarifications', cat, { question: 'Is A easy?' }, 201);
    await post('/api/contests/{contestId}/clarifications/{id}/answer', admin, { answer: 'Yes.' }, 200, asked.id);
    const notice = await post('/api/contests/{contestId}/clarifications', admin, { answer: 'Ten minutes left.' }, 201);
    expect(notice).toMatchObject({ username: null, question: null, public: true });
  });
});

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
import { DataSource } from 'typeorm';

/**
 * Who reads a contest's problems (canReadContestProblem, enforced by ContestsService.problem and the submissions'
 * gate), and who gets into a private contest: with its access code, or, without one, only through an admin, the only
 * ones it exists for.
 */
describe('contest access', () => {
  let t: TestApp;
  let ds: DataSource;
  let admin: TestSession;
  let ann: TestSession;
  let bob: TestSession;
  let secret: number;
  const http = () => t.http();

  beforeAll(async () => {
    t = await createTestApp();
    ds = t.app.get(DataSource);
    admin = await createAdmin(t);
    [ann, bob] = await Promise.all([registerUser(t), registerUser(t)]);
    secret = (await createProblem(t, admin, problemBody({ title: 'Secret', isPublic: false }))).problemId;
  });
  afterAll(() => t.close());

  const moveContest = (contestId: number, startsIn: number, endsIn: number) =>
    ds.query(
      `UPDATE contests SET starts_at = now() + make_interval(mins => $2), ends_at = now() + make_interval(mins => $3) WHERE contest_id = $1`,
      [contestId, startsIn, endsIn],
    );
  /** The status of `GET /api/contests/{contestId}/problems/A` and the problem's title on the contest page, as `who`. */
  const get = (path: string, who?: TestSession) =>
    who
      ? http()
          .get(path)
          .set(...bearer(who))
      : http().get(path);
  const reads = async (contestId: number, who?: TestSession) => {
    const problem = await get(`/api/contests/${contestId}/problems/A`, who);
    const page = await get(`/api/contests/${contestId}`, who).expect(200);
    if (problem.status === 200) expect(problem.body).toMatchObject({ problemId: secret, title: 'Secret', isPublic: false });
    else expect(problem.body).toMatchObject({ code: 'NOT_FOUND', message: 'Problem not found.' });
    return [problem.status, page.body.problems[0].title];
  };

  describe("a contest's private problem, through GET /api/contests/{contestId}/problems/{label}", () => {
    let contestId: number;

    beforeAll(async () => {
      ({ contestId } = await createContest(t, admin, contestBody([secret], 30, 90)));
      await register(t, ann, contestId);
    });

    it('before the start: admins only, not even a registered participant', async () => {
      expect(await reads(contestId)).toEqual([404, '']);
      expect(await reads(contestId, bob)).toEqual([404, '']);
      expect(await reads(contestId, ann)).toEqual([404, '']);
      expect(await reads(contestId, admin)).toEqual([200, 'Secret']);
    });

    it('during the contest: registered participants and admins; a guest and an unregistered user still not', async () => {
      await moveContest(contestId, -10, 50);
      expect(await reads(contestId)).toEqual([404, '']);
      expect(await reads(contestId, bob)).toEqual([404, '']);
      expect(await reads(contestId, ann)).toEqual([200, 'Secret']);
      expect(await reads(contestId, admin)).toEqual([200, 'Secret']);
      // The problem stays private outside the contest.
      await http()
        .get(`/api/problems/${secret}`)
        .set(...bearer(ann))
        .expect(404);
      await http()
        .get(`/api/contests/${contestId}/problems/B`)
        .set(...bearer(ann))
        .expect(404);
    });

    it('after the end: everyone, as practice', async () => {
      await moveContest(contestId, -90, -10);
      for (const who of [undefined, bob, ann, admin]) expect(await reads(contestId, who)).toEqual([200, 'Secret']);
    });

    it('a virtual participant during their run, even when the end is moved past it', async () => {
      await http()
        .post(`/api/contests/${contestId}/virtual`)
        .set(...bearer(bob))
        .expect(200);
      // The admin reopens the contest: bob's run is under way, so he still reads; a guest no longer does.
      await moveContest(contestId, -10, 50);
      expect(await reads(contestId, bob)).toEqual([200, 'Secret']);
      expect(await reads(contestId)).toEqual([404, '']);
      // Once the run is over, bob is neither registered nor on a run: he reads like any other user.
      await ds.query(`UPDATE contest_participations SET ends_at = now() - interval '1 minute' WHERE contest_id = $1 AND kind = 'virtual'`, [
        contestId,
      ]);
      expect(await reads(contestId, bob)).toEqual([404, '']);
    });
  });

  describe('a private contest without an access code: by invitation', () => {
    let contestId: number;
    const listed = async (who?: TestSession) => {
      const res = await get('/api/contests?limit=100', who).expect(200);
      return res.body.items.some((c: { contestId: number }) => c.contestId === contestId);
    };
    const add = (body: unknown, who = admin, id = contestId) =>
      http()
        .post(`/api/contests/${id}/participants`)
        .set(...bearer(who))
        .send(body as object);

    beforeAll(async () => {
      ({ contestId } = await createContest(t, admin, contestBody([secret], -10, 50, { isPublic: false })));
    });

    it('is not there for those it did not admit: every route answers 404, as for no contest, and lists it to admins only', async () => {
      expect((await get(`/api/contests/${contestId}`, admin).expect(200)).body).toMatchObject({ inviteOnly: true, needsAccessCode: false });
      const reads = ['', '/problems/A', '/scoreboard', '/scoreboard/stream', '/clarifications', '/submissions', '/calendar.ics'].map(
        (route) => `/api/contests/${contestId}${route}`,
      );
      for (const path of reads) {
        const guest = await get(path);
        // The route that needs a session answers a guest 401 before anything else (the stream is open to guests, for a
        // projector); no route tells a guest it exists.
        expect([path, guest.status]).toEqual([path, path.endsWith('submissions') ? 401 : 404]);
        const user = await get(path, ann);
        expect([path, user.status, user.body]).toEqual([path, 404, { code: 'NOT_FOUND', message: 'Contest not found.' }]);
      }
      const writes: [string, object][] = [
        ['register', {}],
        ['register', { accessCode: 'guess' }],
        ['start', {}],
        ['virtual', {}],
        ['clarifications', { question: 'Is it on?' }],
      ];
      for (const [route, body] of writes) {
        const res = await http()
          .post(`/api/contests/${contestId}/${route}`)
          .set(...bearer(ann))
          .send(body);
        expect([route, res.status, res.body]).toEqual([route, 404, { code: 'NOT_FOUND', message: 'Contest not found.' }]);
      }
      expect([await listed(), await listed(ann), await listed(admin)]).toEqual([false, false, true]);
      const submitted = await http()
        .post('/api/submissions')
        .set(...bearer(ann))
        .send({ problemId: secret, contestId, languageId: 71, sourceCode: 'print(1)' })
        .expect(404);
      expect(submitted.body.message).toBe('Contest not found.');
    });

    it('lets an admin add a user by name: then it is listed to them, and they read and submit', async () => {
      const added = await add({ username: ann.user.username.toUpperCase() }).expect(200);
      expect(added.body).toEqual({ username: ann.user.username, registeredAt: expect.any(String) });
      // Again: nothing changes.
      expect((await add({ username: ann.user.username }).expect(200)).body).toEqual(added.body);
      const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM contest_participations WHERE contest_id = $1`, [contestId]);
      expect(n).toBe(1);
      expect([await listed(ann), await listed(bob)]).toEqual([true, false]);
      // A participant who registers again is told why, now that the contest exists for them.
      const again = await http()
        .post(`/api/contests/${contestId}/register`)
        .set(...bearer(ann))
        .send({})
        .expect(403);
      expect(again.body.message).toBe('This private contest is by invitation: an admin adds its participants.');
      const page = (
        await http()
          .get(`/api/contests/${contestId}`)
          .set(...bearer(ann))
          .expect(200)
      ).body;
      expect(page.participation).toMatchObject({ kind: 'official' });
      expect(await reads(contestId, ann)).toEqual([200, 'Secret']);
      await get(`/api/contests/${contestId}`, bob).expect(404);
      await http()
        .post('/api/submissions')
        .set(...bearer(ann))
        .send({ problemId: secret, contestId, languageId: 71, sourceCode: 'print(1)' })
        .expect(201);
    });

    it('keeps adding participants to admins, with a valid body, a known user and an open contest', async () => {
      expect((await add({ username: bob.user.username }, ann).expect(403)).body.code).toBe('FORBIDDEN');
      await http().post(`/api/contests/${contestId}/participants`).send({ username: bob.user.username }).expect(401);
      for (const body of [{}, { username: '' }, { username: 7 }, { username: null }, { username: 'x'.repeat(33) }, []]) {
        const res = await add(body).expect(400);
        expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR' });
      }
      expect((await add({ username: 'nobody-by-this-name' }).expect(404)).body.message).toBe('User not found.');
      expect((await add({ username: bob.user.username }, admin, 999999).expect(404)).body.message).toBe('Contest not found.');
      await moveContest(contestId, -90, -10);
      expect((await add({ username: bob.user.username }).expect(403)).body.message).toBe('Registration is closed: the contest has ended.');
    });
  });

  describe('a private problem held by several contests (issue 32, item 4)', () => {
    let hidden: number;
    /** Ended: a public contest, an invitation-only one ann was added to, and one with a code bob registered for. */
    let [endedPublic, endedInvite, endedWithCode, upcoming]: number[] = [];
    const submit = (who: TestSession, contestId: number) =>
      http()
        .post('/api/submissions')
        .set(...bearer(who))
        .send({ problemId: hidden, contestId, languageId: 71, sourceCode: 'print(1)' });
    /** The status of the problem's statement through the contest, as `who`. */
    const statement = async (contestId: number, who?: TestSession) => (await get(`/api/contests/${contestId}/problems/A`, who)).status;
    const pageProblem = async (contestId: number, who?: TestSession) =>
      (await get(`/api/contests/${contestId}`, who).expect(200)).body.problems[0];

    beforeAll(async () => {
      hidden = (await createProblem(t, admin, problemBody({ title: 'Hidden', isPublic: false }))).problemId;
      ({ contestId: endedPublic } = await createContest(t, admin, contestBody([hidden], -90, -10)));
      ({ contestId: endedInvite } = await createContest(t, admin, contestBody([hidden], -10, 50, { isPublic: false })));
      await http()
        .post(`/api/contests/${endedInvite}/participants`)
        .set(...bearer(admin))
        .send({ username: ann.user.username })
        .expect(200);
      await moveContest(endedInvite, -90, -10);
      ({ contestId: endedWithCode } = await createContest(
        t,
        admin,
        contestBody([hidden], -10, 50, { isPublic: false, accessCode: 'open-sesame-42' }),
      ));
      await register(t, bob, endedWithCode, 'open-sesame-42');
      await moveContest(endedWithCode, -90, -10);
      ({ contestId: upcoming } = await createContest(t, admin, contestBody([hidden], 30, 90)));
    });

    it('stays hidden everywhere while an upcoming contest holds it: statement, submissions and the contest pages', async () => {
      for (const contestId of [endedPublic, endedWithCode]) {
        for (const who of [undefined, ann, bob])
          expect([contestId, who?.user.username, await statement(contestId, who)]).toEqual([contestId, who?.user.username, 404]);
      }
      expect(await statement(endedInvite, ann)).toBe(404);
      for (const contestId of [endedPublic, endedInvite, endedWithCode]) {
        const refused = await submit(ann, contestId);
        expect([contestId, refused.status, refused.body.message]).toEqual([contestId, 404, 'Problem not found.']);
      }
      // The contest pages give its label and points, not its id or title.
      for (const [contestId, who] of [
        [upcoming, undefined],
        [upcoming, bob],
        [endedPublic, undefined],
        [endedInvite, ann],
      ] as const)
        expect(await pageProblem(contestId, who)).toEqual({ label: 'A', points: 1, problemId: null, title: '' });
      expect(await pageProblem(upcoming, admin)).toMatchObject({ problemId: hidden, title: 'Hidden' });
      expect(await statement(endedPublic, admin)).toBe(200);
      const [{ n }] = await ds.query('SELECT count(*)::int AS n FROM submissions WHERE problem_id = $1', [hidden]);
      expect(n).toBe(0);
    });

    it('opens through an ended contest once no contest hides it: a public one to everyone, a private one to those it admitted', async () => {
      await moveContest(upcoming, -90, -5);
      expect([await statement(endedPublic), await statement(endedPublic, bob)]).toEqual([200, 200]);
      expect(await pageProblem(endedPublic)).toEqual({ label: 'A', points: 1, problemId: hidden, title: 'Hidden' });
      // The invitation-only contest is not there for bob; the one with a code opens to bob, who registered, alone.
      expect([await statement(endedInvite, ann), await statement(endedInvite, bob), await statement(endedInvite)]).toEqual([200, 404, 404]);
      expect([await statement(endedWithCode, bob), await statement(endedWithCode, ann), await statement(endedWithCode)]).toEqual([
        200, 404, 404,
      ]);
      expect(await pageProblem(endedWithCode, ann)).toEqual({ label: 'A', points: 1, problemId: null, title: '' });
      expect((await submit(ann, endedWithCode)).status).toBe(404);
      expect((await submit(bob, endedWithCode)).status).toBe(201);
      expect((await submit(ann, endedInvite)).status).toBe(201);
      expect((await submit(bob, endedPublic)).status).toBe(201);
      // A virtual run would open the problems: in a private contest, only to those it admitted.
      const run = await http()
        .post(`/api/contests/${endedWithCode}/virtual`)
        .set(...bearer(ann))
        .expect(403);
      expect(run.body.message).toBe('Only participants of this private contest may start a virtual run of it.');
    });
  });

  it('a private contest with an access code takes self-registration with the code, and is listed to its participants', async () => {
    const { contestId } = await createContest(t, admin, contestBody([secret], -10, 50, { isPublic: false, accessCode: 'sesame-2026' }));
    expect((await http().get(`/api/contests/${contestId}`).expect(200)).body).toMatchObject({ inviteOnly: false, needsAccessCode: true });
    await register(t, bob, contestId, 'sesame-2026');
    const listed = await http()
      .get('/api/contests?limit=100')
      .set(...bearer(bob))
      .expect(200);
    expect(listed.body.items.map((c: { contestId: number }) => c.contestId)).toContain(contestId);
  });
});

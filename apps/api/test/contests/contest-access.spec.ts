import { DataSource } from 'typeorm';

import { bearer, createAdmin, registerUser, TestSession } from '../factories';
import { createProblem, problemBody } from '../problems/problem-fixtures';
import { createTestApp, TestApp } from '../test-app';
import { contestBody, createContest, register } from './contest-fixtures';

/** Who reads a contest's problems (canReadContestProblems, enforced by ProblemsService.getThroughContest itself). */
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
});

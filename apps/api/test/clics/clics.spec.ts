import {
  bearer,
  createAdmin,
  createProblem,
  createTestApp,
  problemBody,
  register,
  registerUser,
  TestApp,
  TestSession,
} from '@oj/api-testing';
import type { GradeResult, SubmissionStatus } from '@oj/contracts';
import { writeFinalResult } from '@oj/db';
import { request } from 'http';
import { AddressInfo } from 'net';
import { DataSource } from 'typeorm';

import { type ClicsSchemaName, schemaErrors } from './clics-schemas';

const MINUTE = 60_000;
/** `minutes` from `from` (now by default): a contest's two ends take one `from`, so its length is exact. */
const at = (minutes: number, from = Date.now()) => new Date(from + minutes * MINUTE);
const TWO_TESTS = [
  { index: 0, status: 'accepted' as const, timeMs: 5, memoryKB: 100, points: 1 },
  { index: 1, status: 'accepted' as const, timeMs: 7, memoryKB: 100, points: 2 },
];
const COLLECTIONS = ['judgement-types', 'languages', 'problems', 'teams', 'submissions', 'judgements', 'runs', 'clarifications'] as const;
const ENDPOINTS: ClicsSchemaName[] = [...COLLECTIONS, 'scoreboard', 'state'];

interface Event {
  type: string;
  id: string | null;
  data: Record<string, unknown> | null;
  token: string;
}

/**
 * Issue 24, the CLICS Contest API: every object fits the specification's schema, a public token sees what the
 * public board shows (frozen results pending) and an admin token everything, the event feed resumes after a
 * since_token and streams new events, and the wrong callers are refused.
 */
describe('CLICS Contest API', () => {
  let t: TestApp;
  let ds: DataSource;
  let admin: TestSession;
  let ann: TestSession;
  let bob: TestSession;
  let problemId: number;
  let contestId: number;
  let otherContestId: number;
  let publicToken: string;
  let adminToken: string;
  /** Ann's accepted submission, made during the freeze. */
  let frozenId: string;
  /** Bob's rejected submission, made before the freeze. */
  let openId: string;
  let contestBody: Record<string, unknown>;
  let publicQuestion: number;
  let privateQuestion: number;
  const http = () => t.http();
  const base = () => `/api/clics/contests/${contestId}`;

  const read = async (path: string, token: string, status = 200) =>
    (await http().get(`${base()}${path}`).set('Authorization', `Bearer ${token}`).expect(status)).body;

  async function submitAt(user: TestSession, minute: Date, status: SubmissionStatus, graded: Partial<GradeResult> = {}): Promise<string> {
    const res = await http()
      .post('/api/submissions')
      .set(...bearer(user))
      .send({ problemId, contestId, languageId: 71, sourceCode: 'print(1)' })
      .expect(201);
    const id: string = res.body.submissionId;
    await ds.query('UPDATE submissions SET created_at = $2 WHERE id = $1', [id, minute]);
    const result: GradeResult = {
      status,
      score: status === 'accepted' ? 100 : 0,
      earnedPoints: status === 'accepted' ? 3 : 0,
      totalPoints: 3,
      runtimeMs: 7,
      memoryKB: 100,
      testCaseResults: TWO_TESTS.map((c) => ({ ...c, status })),
      ...graded,
    };
    await writeFinalResult(ds, id, problemId, result);
    return id;
  }

  async function createToken(contest: number, scope: 'public' | 'admin'): Promise<string> {
    const res = await http()
      .post(`/api/contests/${contest}/clics-tokens`)
      .set(...bearer(admin))
      .send({ name: `${scope} tool`, scope })
      .expect(201);
    expect(res.body).toMatchObject({ name: `${scope} tool`, scope, id: expect.any(String), createdAt: expect.any(String) });
    return res.body.token;
  }

  /** The event feed as NDJSON lines, read until it ends (stream=false, or a finished contest). */
  const feed = (token: string, query = 'stream=false') => feedOf(contestId, token, query);

  async function feedOf(contest: number, token: string, query = 'stream=false'): Promise<Event[]> {
    const res = await http()
      .get(`/api/clics/contests/${contest}/event-feed?${query}`)
      .set('Authorization', `Bearer ${token}`)
      .buffer(true)
      .parse((response, done) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => done(null, text));
      })
      .expect(200)
      .expect('Content-Type', /application\/x-ndjson/);
    return (res.body as string)
      .split('\n')
      .filter((line) => line.trim())
      .map((line) => JSON.parse(line));
  }

  /**
   * Every endpoint of a contest as `token` reads it, each checked against its 2023-06 schema: the API information,
   * the contests, the contest, its access, every collection and each of its objects alone (`/<collection>/<id>`
   * answers the very object the collection holds), the scoreboard and the state. Every property served is one that
   * access lists. Returns the problems of the errors found, empty when all fit.
   */
  async function walk(contest: number, token: string): Promise<string[]> {
    const get = async (path: string) => (await http().get(`/api/clics${path}`).set('Authorization', `Bearer ${token}`).expect(200)).body;
    const errors = [...schemaErrors('api', (await http().get('/api/clics').expect(200)).body)];
    const contests = await get('/contests');
    errors.push(...schemaErrors('contest', contests));
    if (!contests.some((c: { id: string }) => c.id === String(contest))) errors.push('contests: the contest is not listed');
    const root = `/contests/${contest}`;
    const access = await get(`${root}/access`);
    errors.push(...schemaErrors('access', access));
    const listed = new Map<string, string[]>(access.endpoints.map((e: { type: string; properties: string[] }) => [e.type, e.properties]));
    const unlisted = (type: string, objects: object[]) =>
      objects.flatMap((o) =>
        Object.keys(o)
          .filter((key) => !listed.get(type)?.includes(key))
          .map((key) => `${type}.${key} is not in access`),
      );
    const contestObject = await get(root);
    errors.push(...schemaErrors('contest', contestObject), ...unlisted('contest', [contestObject]));
    for (const name of ENDPOINTS) {
      const answer = await get(`${root}/${name}`);
      errors.push(...schemaErrors(name, answer), ...unlisted(name, Array.isArray(answer) ? answer : [answer]));
      if (!Array.isArray(answer)) continue;
      for (const item of answer) expect(await get(`${root}/${name}/${encodeURIComponent(item.id)}`)).toEqual(item);
    }
    return errors;
  }

  const judgementOf = (judgements: Record<string, unknown>[], id: string) => judgements.find((j) => j.submission_id === id);

  beforeAll(async () => {
    t = await createTestApp();
    ds = t.app.get(DataSource);
    admin = await createAdmin(t);
    [ann, bob] = await Promise.all([registerUser(t), registerUser(t)]);
    problemId = (await createProblem(t, admin, problemBody({ title: 'Frozen' }))).problemId;
    // Two hours long, the last hour frozen: the freeze started half an hour ago.
    const now = Date.now();
    contestBody = {
      title: 'CLICS round',
      format: 'icpc',
      startsAt: at(-90, now).toISOString(),
      endsAt: at(30, now).toISOString(),
      freezeMinutes: 60,
      problems: [{ problemId }],
    };
    const res = await http()
      .post('/api/contests')
      .set(...bearer(admin))
      .send(contestBody)
      .expect(201);
    contestId = res.body.contestId;
    otherContestId = (
      await http()
        .post('/api/contests')
        .set(...bearer(admin))
        .send({ ...contestBody, title: 'Other' })
        .expect(201)
    ).body.contestId;
    await Promise.all([register(t, ann, contestId), register(t, bob, contestId)]);
    // Registered before the submissions dated back below, as they would have been.
    await ds.query('UPDATE contest_participations SET registered_at = $2 WHERE contest_id = $1', [contestId, at(-100)]);
    openId = await submitAt(bob, at(-80), 'wrong_answer');
    frozenId = await submitAt(ann, at(-10), 'accepted');
    // An edit of the contest re-reads which results the freeze hides, now that the submissions are dated.
    await http()
      .put(`/api/contests/${contestId}`)
      .set(...bearer(admin))
      .send(contestBody)
      .expect(200);
    publicToken = await createToken(contestId, 'public');
    adminToken = await createToken(contestId, 'admin');
    // Ann's question, answered to everyone; Bob's, answered to him alone; a notice to everyone.
    const ask = async (user: TestSession, question: string) =>
      (
        await http()
          .post(`/api/contests/${contestId}/clarifications`)
          .set(...bearer(user))
          .send({ question, problemLabel: 'A' })
          .expect(201)
      ).body.id as number;
    const answer = (id: number, text: string, isPublic: boolean) =>
      http()
        .post(`/api/contests/${contestId}/clarifications/${id}/answer`)
        .set(...bearer(admin))
        .send({ answer: text, public: isPublic })
        .expect(200);
    publicQuestion = await ask(ann, 'Is the input sorted?');
    await answer(publicQuestion, 'Yes.', true);
    privateQuestion = await ask(bob, 'Is my idea right?');
    await answer(privateQuestion, 'Read the statement.', false);
    await http()
      .post(`/api/contests/${contestId}/clarifications`)
      .set(...bearer(admin))
      .send({ answer: 'Problem A has a new sample.' })
      .expect(201);
  });
  afterAll(() => t.close());

  describe('access', () => {
    it('refuses a request without a token, or with an unknown one (401)', async () => {
      await http().get(base()).expect(401);
      await read('', 'clics_not-a-token', 401);
      await read('', 'garbage', 401);
    });

    it('takes a token as the password of HTTP Basic, as the ICPC tools send it', async () => {
      const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
      await http().get(`${base()}/state`).set('Authorization', basic('resolver', publicToken)).expect(200);
      await http().get(`${base()}/state`).set('Authorization', basic('resolver', 'clics_wrong')).expect(401);
    });

    it('refuses a signed-in non-admin and a token of another contest (403)', async () => {
      await read('', ann.accessToken, 403);
      await http().get(`/api/clics/contests/${otherContestId}/state`).set('Authorization', `Bearer ${publicToken}`).expect(403);
    });

    it('answers an admin 404 for a contest that does not exist', async () => {
      await http()
        .get('/api/clics/contests/999999')
        .set(...bearer(admin))
        .expect(404);
    });

    it('lets only admins create tokens, with a name and a known scope', async () => {
      await http()
        .post(`/api/contests/${contestId}/clics-tokens`)
        .set(...bearer(ann))
        .send({ name: 'x', scope: 'public' })
        .expect(403);
      const bad = await http()
        .post(`/api/contests/${contestId}/clics-tokens`)
        .set(...bearer(admin))
        .send({ name: '', scope: 'everything' })
        .expect(400);
      expect(bad.body.code).toBe('VALIDATION_ERROR');
      expect(bad.body.details.map((d: { path: string }) => d.path).sort()).toEqual(['name', 'scope']);
      await http()
        .post('/api/contests/999999/clics-tokens')
        .set(...bearer(admin))
        .send({ name: 'x', scope: 'public' })
        .expect(404);
    });

    it('lists tokens without their secret, and refuses a revoked one', async () => {
      const token = await createToken(contestId, 'public');
      await read('/state', token);
      const list = await http()
        .get(`/api/contests/${contestId}/clics-tokens`)
        .set(...bearer(admin))
        .expect(200);
      expect(list.body.length).toBeGreaterThanOrEqual(3);
      expect(list.body.every((row: Record<string, unknown>) => row.token === undefined)).toBe(true);
      const [row] = await ds.query('SELECT id FROM clics_tokens ORDER BY created_at DESC LIMIT 1');
      await http()
        .delete(`/api/contests/${contestId}/clics-tokens/${row.id}`)
        .set(...bearer(admin))
        .expect(204);
      await read('/state', token, 401);
      await http()
        .delete(`/api/contests/${contestId}/clics-tokens/${row.id}`)
        .set(...bearer(admin))
        .expect(404);
    });
  });

  describe('during the freeze', () => {
    it('answers every endpoint and object in the 2023-06 shape, to admins and both tokens', async () => {
      for (const token of [admin.accessToken, publicToken, adminToken]) expect(await walk(contestId, token)).toEqual([]);
      expect(await read('', publicToken)).toMatchObject({
        id: String(contestId),
        duration: '2:00:00.000',
        scoreboard_freeze_duration: '1:00:00.000',
        penalty_time: 20,
        scoreboard_type: 'pass-fail',
      });
      expect((await http().get('/api/clics').expect(200)).body).toMatchObject({ version: '2023-06' });
      // A token lists its own contest only; an admin every one.
      expect((await http().get('/api/clics/contests').set('Authorization', `Bearer ${publicToken}`).expect(200)).body).toEqual([
        await read('', publicToken),
      ]);
      const all = (
        await http()
          .get('/api/clics/contests')
          .set(...bearer(admin))
          .expect(200)
      ).body.map((c: { id: string }) => c.id);
      expect(all).toEqual(expect.arrayContaining([String(contestId), String(otherContestId)]));
      await http().get('/api/clics/contests').expect(401);
      await read('/submissions/not-a-submission', publicToken, 404);
      await read('/runs/nothing', publicToken, 404);
      // Collections filter on their ID properties.
      const bobs = await read(
        `/submissions?team_id=${(await read('/submissions', adminToken)).find((x: { id: string }) => x.id === openId).team_id}`,
        adminToken,
      );
      expect(bobs.map((x: { id: string }) => x.id)).toEqual([openId]);
      expect((await read(`/judgements?submission_id=${frozenId}`, adminToken)).map((j: { id: string }) => j.id)).toEqual([frozenId]);
      const teams = await read('/teams', publicToken);
      expect(teams.map((team: { name: string }) => team.name).sort()).toEqual([ann.user.username, bob.user.username].sort());
    });

    it('shows a public token the frozen judgement pending and no runs before the end, as the SPA; an admin token sees them', async () => {
      const pub = await read('/judgements', publicToken);
      expect(judgementOf(pub, frozenId)).toMatchObject({ judgement_type_id: null, end_time: null });
      expect(judgementOf(pub, openId)).toMatchObject({ judgement_type_id: 'WA' });
      // Others' per-test results are the submitter's and admins' until the end (canSeeTestResults), frozen or not.
      expect(await read('/runs', publicToken)).toEqual([]);
      for (const token of [adminToken, admin.accessToken]) {
        expect(judgementOf(await read('/judgements', token), frozenId)).toMatchObject({ judgement_type_id: 'AC' });
        const runs: { judgement_id: string; judgement_type_id: string }[] = await read('/runs', token);
        expect(runs.filter((r) => r.judgement_id === frozenId).map((r) => r.judgement_type_id)).toEqual(['AC', 'AC']);
      }
    });

    it('shows clarifications as the SPA shows them: to a public token none before the end, to an admin token each with its team', async () => {
      expect(await read('/clarifications', publicToken)).toEqual([]);
      const all: Record<string, unknown>[] = await read('/clarifications', adminToken);
      const teams: { id: string; name: string }[] = await read('/teams', adminToken);
      const teamOf = (user: TestSession) => teams.find((team) => team.name === user.user.username)?.id;
      const problem = String(problemId);
      expect(all).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            id: String(publicQuestion),
            from_team_id: teamOf(ann),
            text: 'Is the input sorted?',
            problem_id: problem,
          }),
          expect.objectContaining({ id: `${publicQuestion}-a`, reply_to_id: String(publicQuestion), to_team_id: null, text: 'Yes.' }),
          expect.objectContaining({ id: `${privateQuestion}-a`, reply_to_id: String(privateQuestion), to_team_id: teamOf(bob) }),
          expect.objectContaining({ from_team_id: null, to_team_id: null, reply_to_id: null, text: 'Problem A has a new sample.' }),
        ]),
      );
      expect(all).toHaveLength(5);
    });

    it('gives a public token the public fold of the scoreboard and an admin token the live one', async () => {
      const annTeam = (await read('/submissions', adminToken)).find((s: { id: string }) => s.id === frozenId).team_id;
      const rowOf = async (token: string) =>
        (await read('/scoreboard', token)).rows.find((r: { team_id: string }) => r.team_id === annTeam).problems[0];
      expect(await rowOf(publicToken)).toMatchObject({ solved: false, num_pending: 1 });
      expect(await rowOf(adminToken)).toMatchObject({ solved: true, num_pending: 0, time: 80 });
      const state = await read('/state', publicToken);
      expect(state).toMatchObject({ started: expect.any(String), frozen: expect.any(String), ended: null, end_of_updates: null });
    });

    it('feeds every object as a notification of the schema, and resumes after a since_token', async () => {
      const events = await feed(publicToken);
      for (const event of events) {
        expect(schemaErrors('event', event)).toEqual([]);
        expect(schemaErrors(event.type as ClicsSchemaName, event.data)).toEqual([]);
        // The contest and the state are singletons (no id); any other object is what its own route answers.
        if (event.type === 'contest' || event.type === 'state') expect(event.id).toBeNull();
        else expect(await read(`/${event.type}/${event.id}`, publicToken)).toEqual(event.data);
      }
      // A public token reads no runs and no clarification before the end; an admin token every kind.
      const unseen = ['scoreboard', 'runs', 'clarifications'];
      expect(new Set(events.map((e) => e.type))).toEqual(new Set(['contest', ...ENDPOINTS.filter((e) => !unseen.includes(e))]));
      const everything = new Set(['contest', ...ENDPOINTS.filter((e) => e !== 'scoreboard')]);
      expect(new Set((await feed(adminToken)).map((e) => e.type))).toEqual(everything);
      const types = events.map((e) => e.type);
      expect(types.indexOf('contest')).toBe(0);
      expect(types.lastIndexOf('teams')).toBeLessThan(types.indexOf('submissions'));
      expect(events.find((e) => e.type === 'judgements' && e.id === frozenId)?.data).toMatchObject({ judgement_type_id: null });
      const middle = events.findIndex((e) => e.type === 'submissions');
      const resumed = await feed(publicToken, `stream=false&since_token=${encodeURIComponent(events[middle].token)}`);
      expect(resumed).toEqual(events.slice(middle + 1));
      expect(await feed(publicToken, `stream=false&since_token=${encodeURIComponent(events[events.length - 1].token)}`)).toEqual([]);
      await http().get(`${base()}/event-feed?since_token=nonsense`).set('Authorization', `Bearer ${publicToken}`).expect(400);
    });

    it('gives a public reader no time and no event at the judging of a result the freeze hides', async () => {
      const res = await http()
        .post('/api/submissions')
        .set(...bearer(bob))
        .send({ problemId, contestId, languageId: 71, sourceCode: 'print(2)' })
        .expect(201);
      const id: string = res.body.submissionId;
      const [row] = await ds.query('SELECT created_at, frozen FROM submissions WHERE id = $1', [id]);
      expect(row.frozen).toBe(true);
      const before = await feed(publicToken);
      const pending = judgementOf(await read('/judgements', publicToken), id);
      // For the public reader the judgement began when it was asked for, whenever a worker takes it.
      expect(pending).toMatchObject({ start_time: row.created_at.toISOString(), judgement_type_id: null, end_time: null });
      await ds.query(`UPDATE submissions SET started_at = now() + interval '3 seconds' WHERE id = $1`, [id]);
      await writeFinalResult(ds, id, problemId, {
        status: 'wrong_answer',
        score: 0,
        earnedPoints: 0,
        totalPoints: 3,
        runtimeMs: 7,
        memoryKB: 100,
        testCaseResults: TWO_TESTS.map((c) => ({ ...c, status: 'wrong_answer' as const })),
      });
      // Judged: nothing new in the feed, nothing changed in the judgement, no run.
      const since = encodeURIComponent(before[before.length - 1].token);
      expect(await feed(publicToken, `stream=false&since_token=${since}`)).toEqual([]);
      expect(judgementOf(await read('/judgements', publicToken), id)).toEqual(pending);
      expect(await read(`/judgements/${id}`, publicToken)).toEqual(pending);
      // The admin token sees the judging as it was.
      const seen = judgementOf(await read('/judgements', adminToken), id);
      expect(seen).toMatchObject({ judgement_type_id: 'WA', end_time: expect.any(String) });
      expect(seen?.start_time).not.toBe(pending?.start_time);
    });

    it('streams a new submission to an open feed, and heartbeats while nothing happens', async () => {
      await t.app.listen(0, '127.0.0.1').catch(() => undefined);
      const { port } = t.app.getHttpServer().address() as AddressInfo;
      const lines: Event[] = [];
      let heartbeats = 0;
      const req = request(
        { host: '127.0.0.1', port, path: `${base()}/event-feed`, headers: { Authorization: `Bearer ${adminToken}` } },
        (res) => {
          let buffer = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            buffer += chunk;
            const parts = buffer.split('\n');
            buffer = parts.pop() ?? '';
            for (const line of parts)
              if (line.trim()) lines.push(JSON.parse(line));
              else heartbeats++;
          });
        },
      );
      req.end();
      try {
        const until = async (predicate: () => boolean) => {
          for (const deadline = Date.now() + 20_000; !predicate(); await new Promise((r) => setTimeout(r, 50)))
            if (Date.now() > deadline) throw new Error(`not seen; got ${lines.map((l) => l.type).join(',')}`);
        };
        await until(() => lines.some((l) => l.type === 'judgements' && l.id === frozenId));
        const fresh = await submitAt(bob, at(0), 'wrong_answer');
        await until(() => lines.some((l) => l.type === 'judgements' && l.id === fresh && l.data?.judgement_type_id === 'WA'));
        expect(lines.filter((l) => l.type === 'submissions' && l.id === fresh)).toHaveLength(1);
        // Nothing more happens: after FEED_HEARTBEAT_MS of silence the feed sends a newline.
        await until(() => heartbeats > 0);
      } finally {
        req.destroy();
      }
    });
  });

  it('names a problem to a public token only once a guest may read it (its label before the end), as the SPA', async () => {
    const sealed = (await createProblem(t, admin, problemBody({ title: 'Sealed title', isPublic: false }))).problemId;
    const upcoming = (
      await http()
        .post('/api/contests')
        .set(...bearer(admin))
        .send({
          ...contestBody,
          title: 'Upcoming',
          startsAt: at(60).toISOString(),
          endsAt: at(180).toISOString(),
          problems: [{ problemId: sealed }],
        })
        .expect(201)
    ).body.contestId;
    const names = async (token: string) =>
      (await http().get(`/api/clics/contests/${upcoming}/problems`).set('Authorization', `Bearer ${token}`).expect(200)).body.map(
        (p: { name: string }) => p.name,
      );
    const publicUpcoming = await createToken(upcoming, 'public');
    expect(await names(publicUpcoming)).toEqual(['A']);
    const [problem] = (
      await http().get(`/api/clics/contests/${upcoming}/problems`).set('Authorization', `Bearer ${publicUpcoming}`).expect(200)
    ).body;
    expect(problem).not.toHaveProperty('time_limit');
    expect(problem.test_data_count).toBe(0);
    expect(await names(await createToken(upcoming, 'admin'))).toEqual(['Sealed title']);
    const feedEvents = await feedOf(upcoming, await createToken(upcoming, 'public'));
    expect(JSON.stringify(feedEvents)).not.toContain('Sealed title');

    // An ended contest holding the same problem opens its problems, but not one the upcoming contest still hides.
    const ended = (
      await http()
        .post('/api/contests')
        .set(...bearer(admin))
        .send({
          ...contestBody,
          title: 'Ended',
          startsAt: at(-180).toISOString(),
          endsAt: at(-60).toISOString(),
          problems: [{ problemId: sealed }],
        })
        .expect(201)
    ).body.contestId;
    const endedProblems = async (token: string) =>
      (await http().get(`/api/clics/contests/${ended}/problems`).set('Authorization', `Bearer ${token}`).expect(200)).body;
    expect(await endedProblems(await createToken(ended, 'public'))).toEqual([
      expect.objectContaining({ label: 'A', name: 'A', test_data_count: 0 }),
    ]);
    expect(await endedProblems(await createToken(ended, 'admin'))).toEqual([expect.objectContaining({ name: 'Sealed title' })]);
  });

  it('answers a scored (IOI) contest in the specification’s shape, with scores', async () => {
    const ioi = (
      await http()
        .post('/api/contests')
        .set(...bearer(admin))
        .send({ ...contestBody, title: 'IOI round', format: 'ioi', freezeMinutes: undefined, problems: [{ problemId, points: 300 }] })
        .expect(201)
    ).body.contestId;
    await register(t, ann, ioi);
    const token = await createToken(ioi, 'public');
    const readIoi = async (path: string) =>
      (await http().get(`/api/clics/contests/${ioi}${path}`).set('Authorization', `Bearer ${token}`).expect(200)).body;
    const previous = contestId;
    contestId = ioi;
    let partial: string;
    try {
      // First 1 of the problem's 3 raw points (test 1 passed, worth 1), then all of them.
      partial = await submitAt(ann, at(-6), 'wrong_answer', {
        score: 33,
        earnedPoints: 1,
        testCaseResults: [TWO_TESTS[0], { ...TWO_TESTS[1], status: 'wrong_answer', points: 0 }],
      });
      await submitAt(ann, at(-5), 'accepted');
    } finally {
      contestId = previous;
    }
    expect(await readIoi('')).toMatchObject({ scoreboard_type: 'score' });
    expect(await readIoi('')).not.toHaveProperty('penalty_time');
    expect(await walk(ioi, token)).toEqual([]);
    for (const event of await feedOf(ioi, token)) expect(schemaErrors(event.type as ClicsSchemaName, event.data)).toEqual([]);
    const [row] = (await readIoi('/scoreboard')).rows;
    // Contest points (the problem is worth 300 here), never the submission's percent or its raw points.
    const scores = (await readIoi('/judgements')).map((j: { submission_id: string; score: number }) => [
      j.submission_id === partial,
      j.score,
    ]);
    expect(scores).toEqual(
      expect.arrayContaining([
        [true, 100],
        [false, 300],
      ]),
    );
    expect(row.score.score).toBe(300);
    // Scored 5 minutes before now, in a contest that began 90 minutes before the suite did: minute 85 or a little later.
    expect(row.problems[0]).toEqual({ problem_id: String(problemId), num_judged: 2, num_pending: 0, score: 300, time: expect.any(Number) });
    expect(Number.isInteger(row.problems[0].time) && row.problems[0].time >= 85).toBe(true);
    expect((await readIoi('/problems'))[0].max_score).toBe(300);
  });

  it('holds an OI round without a freeze unfinalized until the unfreeze, which reveals its judgements', async () => {
    const oiBody = { ...contestBody, title: 'OI round', format: 'oi', freezeMinutes: undefined, problems: [{ problemId, points: 100 }] };
    const oi = (
      await http()
        .post('/api/contests')
        .set(...bearer(admin))
        .send(oiBody)
        .expect(201)
    ).body.contestId;
    await register(t, ann, oi);
    const previous = contestId;
    contestId = oi;
    let judged: string;
    try {
      judged = await submitAt(ann, at(-6), 'accepted');
    } finally {
      contestId = previous;
    }
    const now = Date.now();
    const ended = { ...oiBody, startsAt: at(-120, now).toISOString(), endsAt: at(-1, now).toISOString() };
    await http()
      .put(`/api/contests/${oi}`)
      .set(...bearer(admin))
      .send(ended)
      .expect(200);
    // Judged during the round, before its end: a reader who has read up to the end has passed its judging.
    await ds.query('UPDATE submissions SET finished_at = $2 WHERE id = $1', [judged, at(-5, now)]);
    const token = await createToken(oi, 'public');
    const stateOf = (events: Event[]) => events.filter((e) => e.type === 'state').pop()?.data;
    const judgementOfAnn = (events: Event[]) => events.find((e) => e.type === 'judgements' && e.data?.submission_id === judged)?.data;
    const before = await feedOf(oi, token);
    // An OI round hides every result from its start: ended, it still waits for the unfreeze.
    expect(judgementOfAnn(before)).toMatchObject({ judgement_type_id: null });
    expect(stateOf(before)).toMatchObject({ ended: expect.any(String), finalized: null });
    // Not to an admin either, who sees every result: until the unfreeze the public ones are not final.
    expect(stateOf(await feedOf(oi, await createToken(oi, 'admin')))).toMatchObject({ finalized: null });
    await http()
      .post(`/api/contests/${oi}/unfreeze`)
      .set(...bearer(admin))
      .expect(200);
    const resumed = await feedOf(oi, token, `stream=false&since_token=${encodeURIComponent(before[before.length - 1].token)}`);
    expect(judgementOfAnn(resumed)).toMatchObject({ judgement_type_id: 'AC' });
    expect(stateOf(resumed)).toMatchObject({ finalized: expect.any(String) });
  });

  describe('after the end and the unfreeze', () => {
    let lastPublicToken: string;

    beforeAll(async () => {
      lastPublicToken = (await feed(publicToken)).pop()?.token as string;
      // Ended five minutes ago, the freeze its last half hour: Ann's submission is still inside it.
      await ds.query('DELETE FROM submissions WHERE contest_id = $1 AND created_at > $2', [contestId, at(-5)]);
      const now = Date.now();
      const ended = { ...contestBody, startsAt: at(-120, now).toISOString(), endsAt: at(-5, now).toISOString(), freezeMinutes: 30 };
      await http()
        .put(`/api/contests/${contestId}`)
        .set(...bearer(admin))
        .send(ended)
        .expect(200);
      expect(judgementOf(await read('/judgements', publicToken), frozenId)).toMatchObject({ judgement_type_id: null });
      await http()
        .post(`/api/contests/${contestId}/unfreeze`)
        .set(...bearer(admin))
        .expect(200);
    });

    it('shows a public token everything, with a finalized state', async () => {
      expect(judgementOf(await read('/judgements', publicToken), frozenId)).toMatchObject({ judgement_type_id: 'AC' });
      const runs: { judgement_id: string }[] = await read('/runs', publicToken);
      expect(runs.filter((r) => r.judgement_id === frozenId)).toHaveLength(2);
      expect(runs.filter((r) => r.judgement_id === openId)).toHaveLength(2);
      expect(await walk(contestId, publicToken)).toEqual([]);
      // The public answer and the notice, unsigned; nothing of Bob's private exchange.
      const clarifications: Record<string, unknown>[] = await read('/clarifications', publicToken);
      expect(clarifications.map((c) => c.text).sort()).toEqual(['Is the input sorted?', 'Problem A has a new sample.', 'Yes.']);
      expect(clarifications.every((c) => c.from_team_id === null && c.to_team_id === null)).toBe(true);
      const state = await read('/state', publicToken);
      expect(state).toMatchObject({ ended: expect.any(String), thawed: expect.any(String), finalized: expect.any(String) });
      expect(state.end_of_updates).toBe(state.finalized);
      expect(schemaErrors('scoreboard', await read('/scoreboard', publicToken))).toEqual([]);
    });

    it('sends a public reader resuming from before the unfreeze the revealed judgement and the final state, then ends', async () => {
      // Streamed (no stream=false): the feed ends by itself once the end of updates is sent.
      const resumed = await feed(publicToken, `since_token=${encodeURIComponent(lastPublicToken)}`);
      expect(resumed.find((e) => e.type === 'judgements' && e.id === frozenId)?.data).toMatchObject({ judgement_type_id: 'AC' });
      expect(resumed[resumed.length - 1]).toMatchObject({ type: 'state', data: { end_of_updates: expect.any(String) } });
    });
  });
});

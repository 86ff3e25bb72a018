import {
  bearer,
  createAdmin,
  createTestApp,
  problemBody,
  registerUser,
  TEST_PASSWORD,
  TestApp,
  TestSession,
  uniqueName,
} from '@oj/api-testing';
import type { AddressInfo } from 'net';

import { NO_WORKER_MESSAGE } from '../../src/languages/languages.service';
import { Baselines, FuzzCase, fuzzCases, Role, sampleCases } from './fuzz/fuzz-cases';
import { FuzzResponse, send } from './fuzz/fuzz-client';
import { seededRandom } from './fuzz/hostile-values';
import { OpenApi, Operation } from './fuzz/openapi-operations';

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
/**
 * No answer may take longer than this, or than SLOW_FACTOR times the operation's valid request (a designed cost,
 * argon2 at 64 MiB, makes a valid login slow too on a loaded machine; hostile input must not cost more). A slow
 * case is sent a second time before it counts, so one scheduling hiccup of a shared machine is not a failure.
 */
const SLOW_MS = 2000;
const SLOW_FACTOR = 3;
/**
 * Cases sent per operation for a role whose answer cannot depend on the input: one the guards refuse, or any
 * role but guest on a public operation (the token is never read).
 */
const SAMPLE_SIZE = 12;
/** Hostile cases in flight at once: overlaps the database and hashing waits; a slow case is re-timed alone. */
const CONCURRENCY = 4;
/** Routes that need a judge worker; without one they may answer exactly this 503 (readiness: "Not ready: worker"). */
const WORKER_ROUTES =
  /^\/api\/(languages|judge\/(validate|run|checker-trial)|submissions|problems\/\{problemId\}\/submissions|users\/me\/preferences)/;

/**
 * Every operation of libs/api-client/openapi.json, as guest, user and admin, with one hostile change at a time
 * to each body property, path and query parameter, plus hostile whole bodies: no answer is a 5xx (bar the
 * designed "no worker" 503) and none takes longer than SLOW_MS. Seeded (FUZZ_SEED) so a failure replays.
 */
describe('OpenAPI-driven fuzzing', () => {
  const api = new OpenApi();
  const operations = api.operations();
  let t: TestApp;
  let baseUrl: string;
  const sessions: Partial<Record<Role, TestSession>> = {};
  const fixtures = {
    problemId: 0,
    announcementId: '',
    submissionId: '00000000-0000-4000-8000-000000000000',
    victimId: '',
    spareRefreshToken: '',
    contestId: 0,
    clarificationId: 0,
  };
  /** The fixture contest: running, its board frozen, the user registered; PUT puts it back as it was. */
  let contestBody: Record<string, unknown> = {};
  const failures: string[] = [];
  let requests = 0;

  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000000', SUBMISSIONS_PER_MINUTE: '1000000' });
    await t.app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    sessions.admin = await createAdmin(t);
    sessions.user = await registerUser(t);
    fixtures.victimId = (await registerUser(t)).user.id;
    fixtures.spareRefreshToken = (await registerUser(t)).refreshToken;
    fixtures.problemId = (
      await t
        .http()
        .post('/api/problems')
        .set(...bearer(sessions.admin))
        .send(problemBody())
        .expect(201)
    ).body.problemId;
    fixtures.announcementId = (
      await t
        .http()
        .post('/api/announcements')
        .set(...bearer(sessions.admin))
        .send({ title: 'a', body: 'b' })
        .expect(201)
    ).body.id;
    const submission = await t
      .http()
      .post('/api/submissions')
      .set(...bearer(sessions.user))
      .send({ problemId: fixtures.problemId, languageId: 71, sourceCode: 'print(1)' });
    if (submission.status === 201) fixtures.submissionId = submission.body.submissionId;
    contestBody = {
      title: 'Fuzz round',
      format: 'icpc',
      startsAt: new Date(Date.now() - 30 * 60_000).toISOString(),
      endsAt: new Date(Date.now() + 60 * 60_000).toISOString(),
      freezeMinutes: 80,
      problems: [{ problemId: fixtures.problemId }],
    };
    fixtures.contestId = (
      await t
        .http()
        .post('/api/contests')
        .set(...bearer(sessions.admin))
        .send(contestBody)
        .expect(201)
    ).body.contestId;
    await t
      .http()
      .post(`/api/contests/${fixtures.contestId}/register`)
      .set(...bearer(sessions.user))
      .send({})
      .expect(200);
    fixtures.clarificationId = (
      await t
        .http()
        .post(`/api/contests/${fixtures.contestId}/clarifications`)
        .set(...bearer(sessions.user))
        .send({ question: 'Is n ≥ 1?' })
        .expect(201)
    ).body.id;
  }, 60_000);
  afterAll(async () => {
    console.log(`OpenAPI fuzzing: ${requests} requests, FUZZ_SEED=${SEED}`);
    await t.close();
  });

  const baselines: Baselines = {
    body: (schemaName) => {
      const user = sessions.user!;
      switch (schemaName) {
        case 'LoginDto':
          return { usernameOrEmail: user.user.username, password: TEST_PASSWORD };
        case 'RegisterDto': {
          const username = uniqueName();
          return { username, email: `${username}@example.com`, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD };
        }
        case 'RefreshTokenDto':
          return { refreshToken: fixtures.spareRefreshToken };
        case 'ChangePasswordDto':
          return { currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD, confirmNewPassword: TEST_PASSWORD };
        case 'UpdateProfileDto':
          return { displayName: 'Fuzz', bio: 'bio', avatarUrl: 'https://example.com/a.png' };
        case 'ProblemInputDto':
          return problemBody();
        case 'CreateSubmissionDto':
          return { problemId: fixtures.problemId, languageId: 71, sourceCode: 'print(1)' };
        case 'ValidateRequestDto':
          return { languageId: 71, sourceCode: 'print(1)', testCases: [{ input: '1', output: '1', points: 1 }] };
        case 'ContestInputDto':
          return contestBody;
        case 'ContestParticipantInputDto':
          return { username: user.user.username };
        case 'ClarificationInputDto':
          return { question: 'Is n ≥ 1?', problemLabel: 'A' };
        default:
          return undefined;
      }
    },
    pathParam: (op, name) => {
      if (name === 'problemId') return String(fixtures.problemId);
      if (name === 'username') return sessions.user!.user.username;
      // Contest routes reach their bodies and rules only with a contest that exists; a DELETE gets none, so the
      // operations after it still have theirs.
      if (name === 'contestId') return op.method === 'DELETE' ? '999999' : String(fixtures.contestId);
      if (name === 'label') return 'A';
      if (op.path.startsWith('/api/contests')) return String(fixtures.clarificationId);
      if (op.path.startsWith('/api/admin/users')) return fixtures.victimId;
      if (op.path.startsWith('/api/announcements')) return fixtures.announcementId;
      return fixtures.submissionId;
    },
    queryParam: (_op, param) => (param.required ? new Date(Date.now() - 60_000).toISOString() : undefined),
  };

  async function sendAndJudge(op: Operation, role: Role, c: FuzzCase, slowMs: number): Promise<FuzzResponse> {
    const request = { ...c.request, token: sessions[role]?.accessToken };
    let res = await send(baseUrl, request);
    if (res.ms > slowMs) res = await send(baseUrl, request);
    requests++;
    const designed503 =
      res.status === 503 &&
      ((res.message === NO_WORKER_MESSAGE && WORKER_ROUTES.test(op.path)) ||
        (op.path === '/api/health/ready' && res.message === 'Not ready: worker'));
    if (res.status >= 500 && !designed503) failures.push(`${op.method} ${op.path} as ${role}, ${c.label}: ${res.status} ${res.message}`);
    if (res.ms > slowMs) failures.push(`${op.method} ${op.path} as ${role}, ${c.label}: took ${Math.round(res.ms)} ms twice`);
    return res;
  }

  it.each(operations.map((op) => [`${op.method} ${op.path}`, op] as const))(
    '%s',
    async (_, op) => {
      const random = seededRandom(SEED ^ [...op.id].reduce((h, c) => Math.imul(h, 31) + c.charCodeAt(0), 7));
      const before = failures.length;
      for (const role of ['guest', 'user', 'admin'] as const) {
        const [valid, ...hostile] = fuzzCases(api, op, baselines, random);
        const first = await sendAndJudge(op, role, valid, Number.POSITIVE_INFINITY);
        const slowMs = Math.max(SLOW_MS, SLOW_FACTOR * first.ms);
        const inputIgnored = first.status === 401 || first.status === 403 || (!op.secured && role !== 'guest');
        const cases = inputIgnored ? sampleCases(hostile, random, SAMPLE_SIZE) : hostile;
        for (let i = 0; i < cases.length; i += CONCURRENCY)
          await Promise.all(cases.slice(i, i + CONCURRENCY).map((c) => sendAndJudge(op, role, c, slowMs)));
      }
      if (failures.length > before) console.log(`FUZZ_SEED=${SEED}\n${failures.slice(before).join('\n')}`);
      expect(failures.slice(before)).toEqual([]);
    },
    300_000,
  );

  it('sent a request for every operation', () => {
    expect(operations.length).toBeGreaterThan(30);
    expect(requests).toBeGreaterThan(operations.length * 30);
  });
});

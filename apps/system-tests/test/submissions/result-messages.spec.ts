import { INestApplicationContext } from '@nestjs/common';
import {
  bearer,
  createAdmin,
  createTestApp,
  liveRow,
  openStream,
  problemBody,
  registerUser,
  SseClient,
  TestApp,
  TestSession,
} from '@oj/api-testing';
import { SubmissionRow } from '@oj/contracts';
import { LiveEventPublisher } from '@oj/messaging';
import { randomBytes } from 'crypto';
import Redis from 'ioredis';

import { submissionAs } from '../submission-client';
import { startWorker } from '../worker-harness';

/** Compiler output quotes the source line; per-test messages describe how the program ended. */
describe('grading messages follow the source’s visibility', () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  let admin: TestSession;
  let owner: TestSession;
  let other: TestSession;
  let problemId: number;

  beforeAll(async () => {
    t = await createTestApp({ LIVE_HEARTBEAT_MS: '300' });
    worker = await startWorker(t);
    admin = await createAdmin(t);
    owner = await registerUser(t);
    other = await registerUser(t);
    problemId = (
      await t
        .http()
        .post('/api/problems')
        .set(...bearer(admin))
        .send(problemBody())
        .expect(201)
    ).body.problemId;
  }, 60_000);
  afterAll(async () => {
    await worker.close();
    await t.close();
  });

  const detail = (id: string, session: TestSession) => submissionAs(t, session, id);

  async function graded(sourceCode: string, languageId: number): Promise<string> {
    const id = (
      await t
        .http()
        .post('/api/submissions')
        .set(...bearer(owner))
        .send({ problemId, languageId, sourceCode })
        .expect(201)
    ).body.submissionId;
    for (let i = 0; i < 600; i++) {
      if (!['queued', 'running'].includes((await detail(id, owner)).status)) return id;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('never graded');
  }

  /** Every response another user can get about submissions, as one text to search. */
  async function whatOthersSee(session: TestSession, id: string): Promise<string> {
    const since = encodeURIComponent(new Date(Date.now() - 600_000).toISOString());
    const bodies = await Promise.all(
      [
        `/api/submissions/${id}`,
        '/api/submissions',
        `/api/problems/${problemId}/submissions`,
        `/api/submissions/updates?since=${since}`,
        `/api/problems/${problemId}/submissions/updates?since=${since}`,
      ].map(
        async (path) =>
          (
            await t
              .http()
              .get(path)
              .set(...bearer(session))
              .expect(200)
          ).body,
      ),
    );
    return JSON.stringify(bodies);
  }

  it('compiler output reaches the owner and admins only, in the detail, lists, polls and streams', async () => {
    const marker = `leaked_${randomBytes(4).toString('hex')}`;
    const streams: SseClient[] = await Promise.all(
      [`/api/submissions/stream`, `/api/problems/${problemId}/submissions/stream`].map((path) => openStream(t, path, other.accessToken)),
    );
    try {
      const id = await graded(`int main() { return ${marker}; }`, 54);
      for (const session of [owner, admin]) {
        const seen = await detail(id, session);
        expect(seen).toMatchObject({ status: 'ce', canViewSource: true });
        expect(seen.resultSummary.message).toContain(marker);
      }
      const theirs = await detail(id, other);
      expect(theirs).toMatchObject({ status: 'ce', verdict: 'COMPILE_ERROR', score: 0, canViewSource: false });
      expect(theirs.resultSummary).toEqual({ score: 0, earnedPoints: 0, totalPoints: 0, cases: [] });
      expect(await whatOthersSee(other, id)).not.toContain(marker);
      for (const stream of streams) await stream.waitFor((e) => e.id === id && e._eventType === 'finished');
      expect(JSON.stringify(streams.map((s) => s.events))).not.toContain(marker);
    } finally {
      streams.forEach((s) => s.close());
    }
  }, 120_000);

  it('per-test messages too; status, points, time and memory stay public', async () => {
    const id = await graded('import sys\nsys.exit(3)', 71);
    const own = await detail(id, owner);
    expect(own.testCaseResults[0]).toMatchObject({ status: 'rte', message: 'Exit code 3' });
    expect(own.resultSummary.message).toBe('Test 1: Exit code 3');
    const theirs = await detail(id, other);
    expect(theirs.testCaseResults).toEqual(
      own.testCaseResults.map(({ message: _message, ...figures }: Record<string, unknown>) => figures),
    );
    expect(theirs.resultSummary).toEqual({
      score: 0,
      earnedPoints: 0,
      totalPoints: own.resultSummary.totalPoints,
      cases: theirs.testCaseResults,
    });
    expect(await whatOthersSee(other, id)).not.toMatch(/Exit code 3/);
    expect((await detail(id, admin)).testCaseResults[0].message).toBe('Exit code 3');
  }, 120_000);

  it("a runtime error's traceback reaches its owner and admins, never others", async () => {
    const marker = `trace-${randomBytes(4).toString('hex')}`;
    const id = await graded(`raise ValueError('${marker}')`, 71);
    const own = await detail(id, owner);
    expect(own.testCaseResults[0]).toMatchObject({ status: 'rte', message: 'Exit code 1' });
    expect(own.testCaseResults[0].stderr).toMatch(/^Traceback \(most recent call last\):/);
    expect(own.testCaseResults[0].stderr).toContain(`ValueError: ${marker}`);
    // Kept once, on the first failing test: the later tests fail the same way.
    expect(own.testCaseResults.slice(1).some((r: { stderr?: string }) => r.stderr !== undefined)).toBe(false);
    expect((await detail(id, admin)).testCaseResults[0].stderr).toContain(marker);
    const theirs = await detail(id, other);
    expect(theirs.testCaseResults[0]).not.toHaveProperty('stderr');
    expect(JSON.stringify(theirs)).not.toContain(marker);
    expect(await whatOthersSee(other, id)).not.toContain(marker);
  }, 120_000);

  it("a failed sample's input, expected output and the program's output reach its owner and admins, never others", async () => {
    // problemBody's first test is its statement's sample "1 2" → "3"; the second is hidden.
    const marker = 'sample-output-marker-7';
    const id = await graded(`print('${marker}')`, 71);
    const own = await detail(id, owner);
    expect(own.testCaseResults[0]).toMatchObject({
      status: 'wrong_answer',
      failedSample: { sample: 0, input: '1 2\n', expected: '3\n', output: `${marker}\n`, truncated: false },
    });
    // Kept on the first failing test only; the hidden test's data is never sent.
    expect(own.testCaseResults[1]).not.toHaveProperty('failedSample');
    expect(JSON.stringify(own)).not.toContain('5 7');
    expect((await detail(id, admin)).testCaseResults[0].failedSample.output).toBe(`${marker}\n`);
    const theirs = await detail(id, other);
    expect(theirs.testCaseResults[0]).not.toHaveProperty('failedSample');
    expect(await whatOthersSee(other, id)).not.toContain(marker);
  }, 120_000);

  it('rows say which test failed first (from 1), to everyone, and nothing when all pass', async () => {
    const wrong = await graded('print(3)', 71);
    const right = await graded('a, b = map(int, input().split())\nprint(a + b)', 71);
    expect(await detail(wrong, owner)).toMatchObject({ status: 'wrong_answer', failedTest: 2 });
    expect((await detail(right, owner)).failedTest).toBeNull();
    const listed = (
      await t
        .http()
        .get(`/api/problems/${problemId}/submissions`)
        .set(...bearer(other))
        .expect(200)
    ).body.items as { id: string; failedTest: number | null }[];
    expect(listed.find((r) => r.id === wrong)?.failedTest).toBe(2);
    expect(listed.find((r) => r.id === right)?.failedTest).toBeNull();
  }, 120_000);

  it('a live event that carries results loses its messages and source on the way to other users', async () => {
    const redis = new Redis(t.config.REDIS_URL);
    const [own, theirs] = await Promise.all([owner, other].map((s) => openStream(t, '/api/submissions/stream', s.accessToken)));
    try {
      const row = liveRow(problemId, {
        userId: owner.user.id,
        userName: owner.user.username,
        language: 'C++',
        languageId: 54,
        verdict: 'COMPILE_ERROR',
        status: 'ce',
      });
      const id = row.id;
      const results = {
        source: 'int main() { return secret; }',
        testCaseResults: [{ index: 0, status: 'rte', timeMs: 1, memoryKB: 2, points: 0, message: 'secret' }],
        resultSummary: { score: 0, cases: [], message: 'secret' },
      };
      await new LiveEventPublisher(redis, t.config.REDIS_PREFIX).publish({ ...row, ...results } as SubmissionRow, 'finished');
      const full = await own.waitFor((e) => e.id === id);
      const redacted = await theirs.waitFor((e) => e.id === id);
      expect(full).toMatchObject(results);
      expect(redacted).toMatchObject({ status: 'ce', score: 0 });
      expect(JSON.stringify(redacted)).not.toContain('secret');
    } finally {
      own.close();
      theirs.close();
      redis.disconnect();
    }
  });
});

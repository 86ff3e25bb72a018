import { getQueueToken } from '@nestjs/bull';
import { INestApplicationContext } from '@nestjs/common';
import { bearer, createAdmin, createTestApp, createUserWithRole, problemBody, register, TestApp, TestSession } from '@oj/api-testing';
import { MAX_RUN_STDIN_BYTES, RUN_OUTPUT_CAP_BYTES } from '@oj/contracts';
import { ProblemEntity, SubmissionEntity } from '@oj/db';
import { JUDGE_QUEUE } from '@oj/messaging';
import { Queue } from 'bull';
import { DataSource } from 'typeorm';

import { startWorker } from '../worker-harness';

const RUNS_PER_MINUTE = 5;
const PY_ECHO = 'import sys\nsys.stdout.write(sys.stdin.read())';
/** About 1.2 s of CPU: over a 1 s limit at factor 1, well within it at factor 3. */
const burn = (say: string) => `import time\nt = time.process_time()\nwhile time.process_time() - t < 1.2: pass\nprint('${say}')`;
const CPP_BURN = '#include <ctime>\n#include <cstdio>\nint main(){volatile long x=0;while(clock()<1.2*CLOCKS_PER_SEC)x++;puts("done");}';

// Runs wait for a real worker on a machine other tests load too.
jest.setTimeout(120_000);

describe('POST /api/judge/run', () => {
  let t: TestApp;
  let worker: INestApplicationContext | undefined;
  let admin: TestSession;
  let problemId: number;
  const user = () => createUserWithRole(t, 'user');
  const run = (session: TestSession, body: Record<string, unknown>) =>
    t
      .http()
      .post('/api/judge/run')
      .set(...bearer(session))
      .send(body);

  beforeAll(async () => {
    t = await createTestApp({ RUNS_PER_MINUTE: String(RUNS_PER_MINUTE), VALIDATE_TIMEOUT_MS: '90000' });
    admin = await createAdmin(t);
    problemId = (
      await t
        .http()
        .post('/api/problems')
        .set(...bearer(admin))
        .send(problemBody({ cpuTimeLimit: 1, memoryLimit: 64 }))
        .expect(201)
    ).body.problemId;
  });
  afterAll(async () => {
    await worker?.close();
    await t.close();
  });

  it('is for signed-in users and answers 503 without a worker', async () => {
    await t.http().post('/api/judge/run').send({ languageId: 71, sourceCode: 'print(1)', stdin: '' }).expect(401);
    const res = await run(await user(), { languageId: 71, sourceCode: 'print(1)', stdin: '' }).expect(503);
    expect(res.body.code).toBe('SERVICE_UNAVAILABLE');
  });

  it.each([
    ['a null language', { languageId: null }, 'languageId', 'languageId must be a positive whole number.'],
    ['a language name', { languageId: 'python' }, 'languageId', 'languageId must be a positive whole number.'],
    ['no source', { sourceCode: undefined }, 'sourceCode', 'Source code is required.'],
    ['a numeric source', { sourceCode: 42 }, 'sourceCode', 'Source code is required.'],
    ['no input', { stdin: undefined }, 'stdin', 'Input must be text (it may be empty).'],
    ['a null input', { stdin: null }, 'stdin', 'Input must be text (it may be empty).'],
    ['an input over 1 MiB', { stdin: 'x'.repeat(MAX_RUN_STDIN_BYTES + 1) }, 'stdin', 'Input must be at most 1 MiB.'],
    ['a null problem', { problemId: null }, 'problemId', 'problemId must be a positive whole number.'],
    ['a problem id as text', { problemId: 'one' }, 'problemId', 'problemId must be a positive whole number.'],
    ['a numeric expected output', { expectedOutput: 3 }, 'expectedOutput', 'Expected output must be text.'],
    [
      'an expected output over 1 MiB',
      { expectedOutput: 'x'.repeat(MAX_RUN_STDIN_BYTES + 1) },
      'expectedOutput',
      'Expected output must be at most 1 MiB.',
    ],
  ])('refuses %s with a VALIDATION_ERROR on the field', async (_label, override, path, message) => {
    const res = await run(admin, { languageId: 71, sourceCode: 'print(1)', stdin: '', ...override }).expect(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path, message }] });
  });

  it('refuses a body over 8 MB with 413', async () => {
    const res = await run(admin, { languageId: 71, sourceCode: 'print(1)', stdin: 'x'.repeat(9 * 1024 * 1024) }).expect(413);
    expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  describe('with a worker', () => {
    let ada: TestSession;
    beforeAll(async () => {
      worker = await startWorker(t);
      ada = await user();
    });

    it('echoes the input and reports how the program ended, with time and memory', async () => {
      const res = await run(ada, { languageId: 71, sourceCode: PY_ECHO, stdin: 'hello\nwörld\n' }).expect(200);
      expect(res.body).toMatchObject({
        status: 'ok',
        stdout: 'hello\nwörld\n',
        truncated: false,
        stderr: '',
        exitCode: 0,
        signal: null,
        message: null,
      });
      expect(res.body.timeMs).toEqual(expect.any(Number));
      expect(res.body.memoryKB).toBeGreaterThan(0);
      const failing = await run(ada, { languageId: 71, sourceCode: 'import sys\nsys.stderr.write("oops")\nsys.exit(3)', stdin: '' }).expect(
        200,
      );
      expect(failing.body).toMatchObject({ status: 'rte', stdout: '', stderr: 'oops', exitCode: 3, message: 'Exit code 3' });
    });

    it('runs on a private problem a running contest opens to its participant, read through the contest', async () => {
      const hidden = (
        await t
          .http()
          .post('/api/problems')
          .set(...bearer(admin))
          .send(problemBody({ title: 'Contest only', isPublic: false, cpuTimeLimit: 1, memoryLimit: 64 }))
          .expect(201)
      ).body.problemId;
      const minutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
      const contestId = (
        await t
          .http()
          .post('/api/contests')
          .set(...bearer(admin))
          .send({ title: 'Run round', format: 'icpc', startsAt: minutes(-5), endsAt: minutes(60), problems: [{ problemId: hidden }] })
          .expect(201)
      ).body.contestId;
      const [dana, eli] = [await user(), await user()];
      await register(t, dana, contestId);
      const body = { problemId: hidden, languageId: 71, sourceCode: 'print(input())', stdin: '7\n', expectedOutput: '7\n' };
      expect((await run(dana, { ...body, contestId }).expect(200)).body).toMatchObject({
        status: 'ok',
        stdout: '7\n',
        verdict: 'accepted',
      });
      // Not through the contest, or not in it: the problem stays hidden.
      await run(dana, body).expect(404);
      await run(eli, { ...body, contestId }).expect(404);
      const unnamed = await run(eli, { languageId: 71, sourceCode: 'print(1)', stdin: '', contestId }).expect(400);
      expect(unnamed.body.details).toEqual([{ path: 'problemId', message: 'A run in a contest names its problem (problemId).' }]);
    });

    it("judges the output with the problem's checker when the expected output is given", async () => {
      const carl = await user();
      const sum = 'a, b = map(int, input().split())\nprint(a + b)';
      const judged = (body: Record<string, unknown>) => run(carl, { problemId, languageId: 71, stdin: '1 2\n', ...body }).expect(200);
      expect((await judged({ sourceCode: sum, expectedOutput: '3\n' })).body).toMatchObject({ status: 'ok', verdict: 'accepted' });
      expect((await judged({ sourceCode: 'print(-1)', expectedOutput: '3\n' })).body).toMatchObject({
        status: 'ok',
        stdout: '-1\n',
        verdict: 'wrong_answer',
      });
      // Nothing to judge against, or nothing to judge: no verdict.
      expect((await judged({ sourceCode: sum })).body).not.toHaveProperty('verdict');
      expect((await judged({ sourceCode: 'import sys\nsys.exit(1)', expectedOutput: '3\n' })).body).not.toHaveProperty('verdict');
    });

    it("uses the problem's own checker: a float checker accepts an answer within its epsilon", async () => {
      const floats = (
        await t
          .http()
          .post('/api/problems')
          .set(...bearer(admin))
          .send(problemBody({ checker: { type: 'float', epsilon: 1e-3 } }))
          .expect(201)
      ).body.problemId;
      const dora = await user();
      const judged = (sourceCode: string) =>
        run(dora, { problemId: floats, languageId: 71, sourceCode, stdin: '', expectedOutput: '0.333333\n' }).expect(200);
      expect((await judged('print(0.3334)')).body.verdict).toBe('accepted');
      expect((await judged('print(0.34)')).body.verdict).toBe('wrong_answer');
      // Without a problem, the spec's line comparison.
      const plain = await run(dora, { languageId: 71, sourceCode: 'print(0.3334)', stdin: '', expectedOutput: '0.333333\n' }).expect(200);
      expect(plain.body.verdict).toBe('wrong_answer');
    });

    it('cuts standard output at 64 KiB and says so', async () => {
      const res = await run(ada, { languageId: 71, sourceCode: "print('x' * 100000)", stdin: '' }).expect(200);
      expect(res.body).toMatchObject({ status: 'ok', truncated: true });
      expect(res.body.stdout).toBe('x'.repeat(RUN_OUTPUT_CAP_BYTES));
    });

    it("runs Java's public class (in its package), says a Python syntax error is ce, and stops output at the problem's limit", async () => {
      const erin = await user();
      const java = 'package foo;\npublic class Solution { public static void main(String[] a) { System.out.println("hi"); } }';
      expect((await run(erin, { languageId: 62, sourceCode: java, stdin: '' }).expect(200)).body).toMatchObject({
        status: 'ok',
        stdout: 'hi\n',
      });
      const syntax = await run(erin, { languageId: 71, sourceCode: 'print(1\n', stdin: '' }).expect(200);
      expect(syntax.body).toMatchObject({ status: 'ce', message: expect.stringMatching(/SyntaxError/) });
      const small = (
        await t
          .http()
          .post('/api/problems')
          .set(...bearer(admin))
          .send(problemBody({ outputLimit: 1 }))
          .expect(201)
      ).body.problemId;
      const flood = await run(erin, { problemId: small, languageId: 71, sourceCode: "print('x' * (2 << 20))", stdin: '' }).expect(200);
      expect(flood.body).toMatchObject({ status: 'ole', message: 'Output limit exceeded' });
    });

    it("uses the problem's limits: a time limit, and a compile error with the compiler's output", async () => {
      const bob = await user();
      const tle = await run(bob, { problemId, languageId: 54, sourceCode: 'int main(){volatile int x=0;for(;;)x++;}', stdin: '' }).expect(
        200,
      );
      expect(tle.body).toMatchObject({ status: 'tle', exitCode: null, message: expect.stringMatching(/^Time limit exceeded/) });
      const ce = await run(bob, { problemId, languageId: 54, sourceCode: 'int main( {', stdin: '' }).expect(200);
      expect(ce.body).toMatchObject({ status: 'ce', stdout: '', exitCode: null, timeMs: null });
      expect(ce.body.message).toMatch(/error/);
    });

    it("gives each language the problem's limit times its time factor", async () => {
      const detail = (await t.http().get(`/api/problems/${problemId}`).expect(200)).body;
      expect(detail.cpuTimeLimit).toBe(1);
      expect(detail.effectiveCpuTimeLimits).toEqual([
        { languageId: 71, seconds: 3 },
        { languageId: 54, seconds: 1 },
      ]);
      const carol = await user();
      // 1.2 s of CPU: within Python's 3 s, over C++'s 1 s.
      const python = await run(carol, { problemId, languageId: 71, sourceCode: burn('done'), stdin: '' }).expect(200);
      expect(python.body).toMatchObject({ status: 'ok', stdout: 'done\n' });
      const cpp = await run(carol, { problemId, languageId: 54, sourceCode: CPP_BURN, stdin: '' }).expect(200);
      expect(cpp.body).toMatchObject({ status: 'tle' });
    });

    it('refuses a language the problem does not allow, and a problem the caller may not see', async () => {
      const dave = await user();
      const go = await run(dave, { problemId, languageId: 60, sourceCode: 'package main', stdin: '' });
      expect(go.status).toBe(400);
      const hidden = (
        await t
          .http()
          .post('/api/problems')
          .set(...bearer(admin))
          .send(problemBody({ isPublic: false }))
          .expect(201)
      ).body.problemId;
      const res = await run(dave, { problemId: hidden, languageId: 71, sourceCode: 'print(1)', stdin: '' }).expect(404);
      expect(res.body.code).toBe('NOT_FOUND');
    });

    it('is limited to RUNS_PER_MINUTE per user, with a clear 429', async () => {
      const eve = await user();
      for (let i = 0; i < RUNS_PER_MINUTE; i++) await run(eve, { languageId: 71, sourceCode: 'print(1)', stdin: '' }).expect(200);
      const refused = await run(eve, { languageId: 71, sourceCode: 'print(1)', stdin: '' }).expect(429);
      expect(refused.body).toEqual({
        message: 'You are running code too often. Please wait a minute and try again.',
        code: 'RATE_LIMITED',
      });
      expect(refused.headers['retry-after']).toEqual(expect.any(String));
      // Another user has a budget of their own.
      await run(await user(), { languageId: 71, sourceCode: 'print(1)', stdin: '' }).expect(200);
    });

    it('stores no submission, counts nothing and leaves no job behind', async () => {
      const ds = t.app.get(DataSource);
      await run(await user(), { problemId, languageId: 71, sourceCode: 'print(3)', stdin: '1 2\n' }).expect(200);
      expect(await ds.getRepository(SubmissionEntity).count()).toBe(0);
      expect(await ds.getRepository(ProblemEntity).findOneByOrFail({ problemId })).toMatchObject({
        submissionCount: 0,
        acceptedSubmissionCount: 0,
      });
      const counts = await t.app.get<Queue>(getQueueToken(JUDGE_QUEUE)).getJobCounts();
      expect(counts).toMatchObject({ waiting: 0, active: 0, failed: 0 });
    });
  });
});

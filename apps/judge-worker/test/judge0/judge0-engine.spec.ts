import { TestCaseData } from '@oj/contracts';

import { Judge0Error } from '../../src/engines/judge0/judge0-client';
import { Judge0Engine, Judge0EngineOptions } from '../../src/engines/judge0/judge0-engine';
import { isDefinitiveFailure } from '../../src/grading/grade-aggregate';
import { Grader } from '../../src/grading/grader';
import { graderOf } from '../grading/grader-of';
import { FAKE_LANGUAGES, FakeJudge0Options, FakeJudge0Server } from './fake-judge0-server';

const TOKEN = 'secret-token';
const unb64 = (text: unknown) => Buffer.from(String(text), 'base64').toString('utf8');
const sumTests = (n: number): TestCaseData[] =>
  Array.from({ length: n }, (_, i) => ({ input: `${i} ${i + 1}\n`, output: `${2 * i + 1}\n`, points: 1 }));

describe('Judge0 engine against a Judge0 CE test server', () => {
  let server: FakeJudge0Server;

  /** The test loop on a Judge0 engine against a fresh test server. */
  async function engineFor(serverOptions: FakeJudge0Options = {}, engineOptions: Partial<Judge0EngineOptions> = {}): Promise<Grader> {
    server = new FakeJudge0Server({ authToken: TOKEN, ...serverOptions });
    const baseUrl = await server.start();
    return graderOf(
      new Judge0Engine({
        baseUrl: `${baseUrl}/`,
        authToken: TOKEN,
        pollDelayMs: 5,
        maxPollDelayMs: 40,
        retryDelayMs: 5,
        ...engineOptions,
      }),
    );
  }

  afterEach(() => server.stop());

  it('lists the languages of GET /languages, sending the auth token', async () => {
    const engine = await engineFor();
    expect(await engine.engine.languages()).toEqual(FAKE_LANGUAGES);
    expect(server.requestsTo('GET', '/languages')[0].headers['x-auth-token']).toBe(TOKEN);
  });

  it('sends tests in batches of at most 20, base64-encoded, with limits in Judge0 units', async () => {
    const engine = await engineFor();
    const tests = sumTests(45);
    const progress: number[] = [];
    const result = await engine.grade(
      { languageId: 71, sourceCode: 'SUM ünïcode', cpuTimeLimit: 1.5, memoryLimit: 64, testCases: tests },
      (done) => {
        progress.push(done);
      },
    );

    const posts = server.requestsTo('POST', '/submissions/batch');
    expect(posts.map((p) => (p.body as { submissions: unknown[] }).submissions.length)).toEqual([20, 20, 5]);
    expect(posts.every((p) => p.url.searchParams.get('base64_encoded') === 'true' && p.headers['x-auth-token'] === TOKEN)).toBe(true);
    const first = (posts[1].body as { submissions: Record<string, unknown>[] }).submissions[0];
    expect(unb64(first.source_code)).toBe('SUM ünïcode');
    expect(unb64(first.stdin)).toBe(tests[20].input);
    expect(unb64(first.expected_output)).toBe(tests[20].output);
    expect(first).toMatchObject({ language_id: 71, cpu_time_limit: 1.5, memory_limit: 64 * 1024 });
    const polls = server.requestsTo('GET', '/submissions/batch');
    expect(polls[0].url.searchParams.get('base64_encoded')).toBe('true');
    expect(polls[0].url.searchParams.get('tokens')?.split(',')).toHaveLength(20);

    expect(progress).toEqual([20, 40, 45]);
    expect(result).toMatchObject({ status: 'accepted', score: 100 });
    expect(result.testCaseResults).toHaveLength(45);
    // The fake reports time = 0.01 s + 1 ms per input byte and memory = 3000 KB + 1 KB per input byte.
    const longest = Math.max(...tests.map((t) => t.input.length));
    expect(result.runtimeMs).toBe(Math.round((0.01 + longest / 1000) * 1000));
    expect(result.memoryKB).toBe(3000 + longest);
    expect(result.testCaseResults[3]).toEqual({ index: 3, status: 'accepted', timeMs: 14, memoryKB: 3004, points: 1 });
  });

  it("output past the problem's output limit is ole, as is Judge0's own SIGXFSZ; under it, the checker decides", async () => {
    const engine = await engineFor();
    const big = 'x'.repeat(2 * 1024 * 1024 + 1);
    const request = { languageId: 71, sourceCode: 'ECHO', cpuTimeLimit: 1, memoryLimit: 64, outputLimit: 2 };
    const over = await engine.grade({ ...request, testCases: [{ input: big, output: 'x\n', points: 1 }] });
    expect(over.testCaseResults[0]).toMatchObject({ status: 'ole', message: 'Output limit exceeded' });
    const under = await engine.grade({ ...request, outputLimit: 4, testCases: [{ input: big, output: 'x\n', points: 1 }] });
    expect(under.status).toBe('wrong_answer');
    const xfsz = await engine.grade({ ...request, sourceCode: 'XFSZ', testCases: [{ input: '1', output: '1', points: 1 }] });
    expect(xfsz.status).toBe('ole');
  });

  it('sends a Java source as the Main.java Judge0 compiles: the public class and package made to run as Main', async () => {
    const engine = await engineFor();
    const source = 'package foo;\npublic class Solution { public static void main(String[] a) { System.out.println(1); } }';
    await engine.grade({
      languageId: 62,
      sourceCode: source,
      cpuTimeLimit: 1,
      memoryLimit: 64,
      testCases: [{ input: '', output: '1', points: 1 }],
    });
    const sent = unb64(
      (server.requestsTo('POST', '/submissions/batch')[0].body as { submissions: Record<string, unknown>[] }).submissions[0].source_code,
    );
    expect(sent).not.toMatch(/package|public class/);
    expect(sent).toContain('class Main { public static void main(String[] args) throws Throwable { Solution.main(args); } }');
  });

  it('decides wrong answers with the shared checker and scores the points passed', async () => {
    const engine = await engineFor();
    const result = await engine.grade({
      languageId: 71,
      sourceCode: 'echo',
      cpuTimeLimit: 1,
      memoryLimit: 64,
      testCases: [
        { input: 'a b  \n\n\n', output: 'a b\n', points: 2 },
        { input: 'x\n', output: 'y\n', points: 1 },
        { input: 'z\n', output: 'z\n', points: 1 },
      ],
    });
    expect(result).toMatchObject({ status: 'wrong_answer', score: 75, message: 'Test 2: Wrong answer' });
    expect(result.testCaseResults.map((r) => [r.status, r.points])).toEqual([
      ['accepted', 2],
      ['wrong_answer', 0],
      ['accepted', 1],
    ]);
  });

  it('stops sending the tests of a failed min subtask and reports them skipped, as the local engine does', async () => {
    const engine = await engineFor();
    // Tests 0–21 form a min subtask whose test 1 fails; tests 22–24 are in no subtask.
    const testCases: TestCaseData[] = Array.from({ length: 25 }, (_, i) => ({
      input: `${i}\n`,
      output: i === 1 ? 'other\n' : `${i}\n`,
      points: 1,
      ...(i < 22 ? { subtask: 0 } : {}),
    }));
    const result = await engine.grade({
      languageId: 71,
      sourceCode: 'echo',
      cpuTimeLimit: 1,
      memoryLimit: 64,
      testCases,
      subtasks: [{ scoring: 'min', points: 10 }],
    });

    // The first window ran whole; the second left out tests 20 and 21, already skipped.
    const posts = server.requestsTo('POST', '/submissions/batch');
    expect(posts.map((p) => (p.body as { submissions: unknown[] }).submissions.length)).toEqual([20, 3]);
    expect(result.testCaseResults.map((r) => r.status)).toEqual([
      'accepted',
      'wrong_answer',
      ...Array(20).fill('skipped'),
      'accepted',
      'accepted',
      'accepted',
    ]);
    expect(result).toMatchObject({
      status: 'wrong_answer',
      score: Math.round((100 * 3) / 13),
      subtasks: [{ index: 0, scoring: 'min', points: 10, earned: 0 }],
    });
  });

  it('polls while tests are queued or processing, backing off between polls', async () => {
    const engine = await engineFor({ pollsBeforeDone: 4 }, { pollDelayMs: 20, maxPollDelayMs: 1000 });
    const result = await engine.grade({ languageId: 71, sourceCode: 'SUM', cpuTimeLimit: 1, memoryLimit: 64, testCases: sumTests(2) });
    expect(result.status).toBe('accepted');
    const polls = server.requestsTo('GET', '/submissions/batch');
    expect(polls).toHaveLength(5);
    const gaps = polls.slice(1).map((p, i) => p.at - polls[i].at);
    // Delays of 30, 45, 68, 101 ms: each wait is longer than the one before.
    expect(gaps[3]).toBeGreaterThan(gaps[0]);
    expect(gaps[3]).toBeGreaterThanOrEqual(95);
  });

  it.each([
    ['SLEEP', 'tle', 5],
    ['SEGV', 'rte', 7],
    ['CRASH', 'rte', 11],
  ])('maps Judge0 status of %s to %s', async (source, status) => {
    const engine = await engineFor();
    const result = await engine.grade({ languageId: 54, sourceCode: source, cpuTimeLimit: 1, memoryLimit: 64, testCases: sumTests(1) });
    expect(result).toMatchObject({ status, score: 0 });
    expect(result.testCaseResults[0]).toMatchObject({ status, points: 0, timeMs: 14, memoryKB: 3004 });
  });

  it('reports a compile error with the decoded compiler output', async () => {
    const engine = await engineFor();
    const result = await engine.grade({
      languageId: 54,
      sourceCode: 'int main( { COMPILE_ERROR',
      cpuTimeLimit: 1,
      memoryLimit: 64,
      testCases: sumTests(3),
    });
    expect(result).toMatchObject({
      status: 'ce',
      score: 0,
      runtimeMs: null,
      message: "main.cpp:1:11: error: expected ')' before '{' token\n",
    });
  });

  it('drops NUL bytes from compiler output and test messages (the database refuses them)', async () => {
    const engine = await engineFor();
    const ce = await engine.grade({ languageId: 54, sourceCode: 'NUL_ERROR', cpuTimeLimit: 1, memoryLimit: 64, testCases: sumTests(1) });
    expect(ce).toMatchObject({ status: 'ce', message: 'error: ab\n' });
    const rte = await engine.grade({ languageId: 71, sourceCode: 'NUL_CRASH', cpuTimeLimit: 1, memoryLimit: 64, testCases: sumTests(1) });
    expect(rte).toMatchObject({ status: 'rte', message: 'Test 1: Exited with error status 1' });
    expect(rte.testCaseResults[0].message).toBe('Exited with error status 1');
  });

  it('turns a Judge0 internal error into a failed run', async () => {
    const engine = await engineFor();
    const result = await engine.grade({ languageId: 71, sourceCode: 'INTERNAL', cpuTimeLimit: 1, memoryLimit: 64, testCases: sumTests(1) });
    expect(result.status).toBe('failed');
    expect(result.message).toMatch(/^Judge0 could not run test 1: Internal Error \(No such file/);
  });

  it('never grades an interactive problem: a failure no retry fixes, naming the engine, and nothing sent to Judge0', async () => {
    const engine = await engineFor();
    const interactor = { languageId: 54, source: 'int main(){}' };
    const result = await engine.grade({
      languageId: 71,
      sourceCode: 'SUM',
      cpuTimeLimit: 1,
      memoryLimit: 64,
      testCases: sumTests(2),
      interactor,
    });
    expect(result).toMatchObject({ status: 'failed', message: 'The judge0 engine cannot run interactive problems.', testCaseResults: [] });
    expect(isDefinitiveFailure(result)).toBe(true);
    expect(server.requestsTo('POST', '/submissions/batch')).toEqual([]);
  });

  it('fails clearly on a wrong auth token (401)', async () => {
    const engine = await engineFor({}, { authToken: 'wrong' });
    const result = await engine.grade({ languageId: 71, sourceCode: 'SUM', cpuTimeLimit: 1, memoryLimit: 64, testCases: sumTests(1) });
    expect(result).toMatchObject({
      status: 'failed',
      message: 'Judge0 refused the request: missing or wrong X-Auth-Token (JUDGE0_AUTH_TOKEN) (401).',
    });
    await expect(engine.engine.languages()).rejects.toThrow(Judge0Error);
  });

  it("fails with Judge0's message when it rejects the submissions (422)", async () => {
    const engine = await engineFor();
    const unknown = await engine.grade({ languageId: 999, sourceCode: 'SUM', cpuTimeLimit: 1, memoryLimit: 64, testCases: sumTests(2) });
    expect(unknown).toMatchObject({
      status: 'failed',
      message: "Judge0 rejected the submissions: language_id language with id 999 doesn't exist (422).",
    });
    const tooLong = await engine.grade({ languageId: 71, sourceCode: 'SUM', cpuTimeLimit: 30, memoryLimit: 1024, testCases: sumTests(1) });
    expect(tooLong.message).toBe(
      'Judge0 rejected the submissions: cpu_time_limit must be less than or equal to 15; wall_time_limit must be less than or equal to 20; memory_limit must be less than or equal to 512000 (422).',
    );
  });

  it('keeps the wall-clock limit within what Judge0 accepts by default', async () => {
    const engine = await engineFor();
    expect(
      (await engine.grade({ languageId: 71, sourceCode: 'SUM', cpuTimeLimit: 12, memoryLimit: 64, testCases: sumTests(1) })).status,
    ).toBe('accepted');
    const sent = (server.requestsTo('POST', '/submissions/batch')[0].body as { submissions: Record<string, unknown>[] }).submissions[0];
    expect(sent.wall_time_limit).toBe(20);
  });

  it('retries when the queue is full (503) and succeeds once there is room', async () => {
    const engine = await engineFor({ queueFullTimes: 2 });
    const result = await engine.grade({ languageId: 71, sourceCode: 'SUM', cpuTimeLimit: 1, memoryLimit: 64, testCases: sumTests(2) });
    expect(result.status).toBe('accepted');
    expect(server.requestsTo('POST', '/submissions/batch')).toHaveLength(3);
  });

  it('gives up after a few 503s so the job is retried later', async () => {
    const engine = await engineFor({ queueFullTimes: 100 }, { busyRetries: 3 });
    const result = await engine.grade({ languageId: 71, sourceCode: 'SUM', cpuTimeLimit: 1, memoryLimit: 64, testCases: sumTests(2) });
    expect(result).toMatchObject({ status: 'failed', message: 'Judge0 is busy: queue is full (503).' });
    expect(server.requestsTo('POST', '/submissions/batch')).toHaveLength(4);
  });

  it('gives up on a Judge0 that stops answering', async () => {
    const engine = await engineFor({ delayMs: 300 }, { requestTimeoutMs: 50 });
    const result = await engine.grade({ languageId: 71, sourceCode: 'SUM', cpuTimeLimit: 1, memoryLimit: 64, testCases: sumTests(1) });
    expect(result).toMatchObject({ status: 'failed', message: expect.stringMatching(/^Judge0 is unreachable at .*timeout/) });
  });

  it('fails clearly when Judge0 is unreachable', async () => {
    const engine = await engineFor();
    await server.stop();
    const offline = graderOf(new Judge0Engine({ baseUrl: 'http://127.0.0.1:9', retryDelayMs: 5 }));
    const result = await offline.grade({ languageId: 71, sourceCode: 'SUM', cpuTimeLimit: 1, memoryLimit: 64, testCases: sumTests(1) });
    expect(result).toMatchObject({ status: 'failed', message: expect.stringMatching(/^Judge0 is unreachable at http:\/\/127\.0\.0\.1:9/) });
    expect(engine.engine.name).toBe('judge0');
  });

  describe('custom runs', () => {
    const request = { languageId: 71, cpuTimeLimit: 2, memoryLimit: 128 };

    it('sends one submission without an expected output and answers its output, time and memory', async () => {
      const engine = await engineFor();
      const result = await engine.run({ ...request, sourceCode: 'ECHO', stdin: 'hi ünï\n' });
      const [sent] = (server.requestsTo('POST', '/submissions/batch')[0].body as { submissions: Record<string, unknown>[] }).submissions;
      expect(sent).toMatchObject({ language_id: 71, cpu_time_limit: 2, wall_time_limit: 5, memory_limit: 128 * 1024 });
      expect(sent.expected_output).toBeUndefined();
      expect(unb64(sent.stdin)).toBe('hi ünï\n');
      expect(result).toEqual({
        status: 'ok',
        stdout: 'hi ünï\n',
        truncated: false,
        stderr: '',
        exitCode: 0,
        signal: null,
        message: null,
        timeMs: 17,
        memoryKB: 3007,
      });
    });

    it('cuts the output at 64 KiB', async () => {
      const engine = await engineFor();
      const result = await engine.run({ ...request, sourceCode: 'ECHO', stdin: 'y'.repeat(70_000) });
      expect(result).toMatchObject({ status: 'ok', truncated: true, stdout: 'y'.repeat(64 * 1024) });
    });

    it.each([
      ['COMPILE_ERROR', { status: 'ce', message: "main.cpp:1:11: error: expected ')' before '{' token\n", timeMs: null }],
      ['SLEEP', { status: 'tle', message: 'Time limit exceeded', exitCode: null }],
      ['CRASH', { status: 'rte', stderr: 'Traceback: boom\n', message: 'Exited with error status 1', exitCode: null }],
    ])('reports %s as Judge0 ended it', async (source, expected) => {
      const engine = await engineFor();
      expect(await engine.run({ ...request, sourceCode: source, stdin: '' })).toMatchObject(expected);
    });

    it('throws when Judge0 itself failed, so the run is reported as failed rather than as the program', async () => {
      const engine = await engineFor();
      await expect(engine.run({ ...request, sourceCode: 'INTERNAL', stdin: '' })).rejects.toThrow(
        /Judge0 could not run the program: Internal Error/,
      );
    });
  });
});

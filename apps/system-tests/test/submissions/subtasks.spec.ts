import { INestApplicationContext } from '@nestjs/common';
import { bearer, createAdmin, createProblem, createTestApp, problemBody, registerUser, TestApp, TestSession } from '@oj/api-testing';

import { startWorker } from '../worker-harness';

/** Sums, but loops forever when a is 5: a time limit on every such test. */
const PY_SUM_BUT_FIVE = 'a, b = map(int, input().split())\nwhile a == 5:\n    pass\nprint(a + b)';

describe('subtasks graded by a real worker', () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  let admin: TestSession;
  let user: TestSession;

  beforeAll(async () => {
    t = await createTestApp({ SUBMISSIONS_PER_MINUTE: '1000' });
    worker = await startWorker(t);
    admin = await createAdmin(t);
    user = await registerUser(t);
  });
  afterAll(async () => {
    await worker.close();
    await t.close();
  });

  async function finalOf(id: string) {
    for (let i = 0; i < 300; i++) {
      const s = (
        await t
          .http()
          .get(`/api/submissions/${id}`)
          .set(...bearer(user))
          .expect(200)
      ).body.submission;
      if (!['queued', 'running'].includes(s.status)) return s;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('never graded');
  }

  it('skips the rest of a min subtask after its first failing test, and scores per subtask', async () => {
    const body = problemBody({
      cpuTimeLimit: 0.5,
      subtasks: [
        { name: 'Small', scoring: 'min', points: 60 },
        { name: 'Large', scoring: 'min', points: 30 },
      ],
      testCases: [
        { input: '1 2\n', output: '3\n', subtask: 0 },
        { input: '5 5\n', output: '10\n', subtask: 1 },
        { input: '2 2\n', output: '4\n', subtask: 1 },
        { input: '5 6\n', output: '11\n', subtask: 1 },
        { input: '3 4\n', output: '7\n', points: 10 },
      ],
    });
    const problem = await createProblem(t, admin, body);
    expect(problem.totalPoints).toBe(100);

    const sent = await t
      .http()
      .post('/api/submissions')
      .set(...bearer(user))
      .send({ problemId: problem.problemId, languageId: 71, sourceCode: PY_SUM_BUT_FIVE })
      .expect(201);
    const final = await finalOf(sent.body.submissionId);
    // Small (60) and the loose test (10) pass; Large fails on its first test and earns nothing.
    expect(final).toMatchObject({ status: 'tle', verdict: 'TIME_LIMIT_EXCEEDED', score: 70 });
    expect(final.testCaseResults.map((r: { status: string; subtask?: number }) => [r.status, r.subtask])).toEqual([
      ['accepted', 0],
      ['tle', 1],
      ['skipped', 1],
      ['skipped', 1],
      ['accepted', undefined],
    ]);
    // The second looping test was never run: one time limit, not two.
    expect(final.testCaseResults[3]).toMatchObject({ timeMs: null, memoryKB: null, points: 0 });
    expect(final.resultSummary.subtasks).toEqual([
      { index: 0, name: 'Small', scoring: 'min', points: 60, earned: 60 },
      { index: 1, name: 'Large', scoring: 'min', points: 30, earned: 0 },
    ]);
    expect(final.resultSummary.message).toMatch(/^Test 2: Time limit exceeded/);
  }, 120_000);

  it('gives a subtask whose prerequisite failed nothing, and skips its tests, as Polygon does', async () => {
    // Wrong on 7 7 only: "Medium" fails; "Large" needs it, so earns nothing and is not run; "Small" is scored alone.
    const wrongOnSevens = 'a, b = map(int, input().split())\nprint(a + b + (1 if a == 7 else 0))';
    const problem = await createProblem(
      t,
      admin,
      problemBody({
        subtasks: [
          { name: 'Small', scoring: 'sum', points: 1 },
          { name: 'Medium', scoring: 'min', points: 40, dependsOn: [0] },
          { name: 'Large', scoring: 'min', points: 50, dependsOn: [1] },
        ],
        testCases: [
          { input: '1 2\n', output: '3\n', points: 10, subtask: 0 },
          { input: '2 2\n', output: '4\n', points: 10, subtask: 0 },
          { input: '7 7\n', output: '14\n', subtask: 1 },
          { input: '3 4\n', output: '7\n', subtask: 2 },
        ],
      }),
    );
    // 110 raw points, so the percent and the raw points earned differ.
    expect(problem.totalPoints).toBe(110);
    const sent = await t
      .http()
      .post('/api/submissions')
      .set(...bearer(user))
      .send({ problemId: problem.problemId, languageId: 71, sourceCode: wrongOnSevens })
      .expect(201);
    const final = await finalOf(sent.body.submissionId);
    expect(final).toMatchObject({ status: 'wrong_answer', score: 18 });
    expect(final.resultSummary).toMatchObject({ earnedPoints: 20, totalPoints: 110 });
    expect(final.testCaseResults.map((r: { status: string }) => r.status)).toEqual(['accepted', 'accepted', 'wrong_answer', 'skipped']);
    expect(final.resultSummary.subtasks.map((s: { earned: number; dependsOn?: number[] }) => [s.earned, s.dependsOn])).toEqual([
      [20, undefined],
      [0, [0]],
      [0, [1]],
    ]);
  }, 120_000);

  it("judges a gate worth 0 (Polygon's samples group): its failure gives the verdict and takes what needs it", async () => {
    // Polygon's shape after import: the samples' group worth 0, which "Large" needs; "Per test" needs nothing.
    const problem = await createProblem(
      t,
      admin,
      problemBody({
        subtasks: [
          { name: 'Group 0', scoring: 'min', points: 0 },
          { name: 'Large', scoring: 'min', points: 40, dependsOn: [0] },
          { name: 'Per test', scoring: 'sum', points: 1 },
        ],
        testCases: [
          { input: '1 2\n', output: '3\n', subtask: 0 },
          { input: '7 7\n', output: '14\n', subtask: 1 },
          { input: '2 2\n', output: '4\n', points: 10, subtask: 2 },
          { input: '3 4\n', output: '7\n', points: 15, subtask: 2 },
        ],
      }),
    );
    // 65 raw points, as on Polygon: the gate adds none.
    expect(problem.totalPoints).toBe(65);
    const submit = async (sourceCode: string) =>
      finalOf(
        (
          await t
            .http()
            .post('/api/submissions')
            .set(...bearer(user))
            .send({ problemId: problem.problemId, languageId: 71, sourceCode })
            .expect(201)
        ).body.submissionId,
      );
    const wrongOnSample = await submit('a, b = map(int, input().split())\nprint(a + b + (1 if a == 1 else 0))');
    expect(wrongOnSample).toMatchObject({ status: 'wrong_answer', score: 38 });
    expect(wrongOnSample.resultSummary).toMatchObject({ earnedPoints: 25, totalPoints: 65 });
    expect(wrongOnSample.testCaseResults.map((r: { status: string }) => r.status)).toEqual([
      'wrong_answer',
      'skipped',
      'accepted',
      'accepted',
    ]);
    const right = await submit('a, b = map(int, input().split())\nprint(a + b)');
    expect(right).toMatchObject({ status: 'accepted', score: 100 });
    expect(right.resultSummary.subtasks.map((s: { earned: number }) => s.earned)).toEqual([0, 40, 25]);
  }, 120_000);
});

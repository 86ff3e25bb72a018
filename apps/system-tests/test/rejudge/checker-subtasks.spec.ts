import { INestApplicationContext } from '@nestjs/common';
import { bearer, createAdmin, createTestApp, problemBody, registerUser, TestApp, TestSession } from '@oj/api-testing';
import { DataSource } from 'typeorm';

import { waitAllFinal } from '../reliability/grading-audit';
import { submissionAs, submitAs } from '../submission-client';
import { startWorker } from '../worker-harness';

/** Compares the contestant's number with the jury's answer, as a testlib checker does. */
const ANSWER_CHECKER = `#include "testlib.h"
int main(int argc, char *argv[]) {
  registerTestlibCmd(argc, argv);
  long long want = ans.readLong(), got = ouf.readLong();
  if (got != want) quitf(_wa, "expected %lld, found %lld", want, got);
  quitf(_ok, "%lld", got);
}
`;
const SUM = 'a, b = map(int, input().split())\nprint(a + b)';
const ZERO = 'print(0)';

/** A 60-point all-or-nothing subtask and a 40-point subtask scored per test; `secondAnswer` is test 2's answer. */
const problemWith = (secondAnswer: string) =>
  problemBody({
    judge0LanguageIds: [71],
    checker: { type: 'custom', languageId: 54, source: ANSWER_CHECKER },
    subtasks: [
      { name: 'Small', scoring: 'min', points: 60 },
      { name: 'Large', scoring: 'sum', points: 40 },
    ],
    testCases: [
      { input: '1 2\n', output: '3\n', points: 1, subtask: 0 },
      { input: '2 3\n', output: secondAnswer, points: 1, subtask: 0 },
      { input: '10 20\n', output: '30\n', points: 20, subtask: 1 },
      { input: '40 2\n', output: '42\n', points: 20, subtask: 1 },
    ],
  });

/**
 * Issue 13's "done when": a problem with a testlib checker and two subtasks, made through the API, solved, then
 * rejudged after one of its answers changes; the result follows the new answer and the problem's counters equal
 * a fresh count of the rows.
 */
describe('rejudging a problem with a custom checker and subtasks', () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  let admin: TestSession;
  let user: TestSession;
  let ds: DataSource;

  beforeAll(async () => {
    t = await createTestApp({ SUBMISSIONS_PER_MINUTE: '1000' });
    worker = await startWorker(t);
    admin = await createAdmin(t);
    user = await registerUser(t);
    ds = t.app.get(DataSource);
  }, 60_000);
  afterAll(async () => {
    await worker.close();
    await t.close();
  });

  const submit = (problemId: number, sourceCode: string) => submitAs(t, user, { problemId, languageId: 71, sourceCode });
  const detail = (id: string) => submissionAs(t, user, id);

  /** The problem's counters as the API shows them, beside a count of its counted rows. */
  async function countersAndRows(problemId: number) {
    const problem = (await t.http().get(`/api/problems/${problemId}`).expect(200)).body;
    const [rows] = await ds.query(
      `SELECT count(*)::int AS "submissionCount", (count(*) FILTER (WHERE counted_status = 'accepted'))::int AS "acceptedSubmissionCount"
       FROM submissions WHERE problem_id = $1 AND counted_status IS NOT NULL`,
      [problemId],
    );
    return { counters: { submissionCount: problem.submissionCount, acceptedSubmissionCount: problem.acceptedSubmissionCount }, rows };
  }

  it('is solved for 100, then a changed answer and a rejudge give the new result and exact counters', async () => {
    const created = await t
      .http()
      .post('/api/problems')
      .set(...bearer(admin))
      .send(problemWith('5\n'))
      .expect(201);
    const problemId: number = created.body.problemId;
    expect(created.body.totalPoints).toBe(100);

    const solved = await submit(problemId, SUM);
    const wrong = await submit(problemId, ZERO);
    await waitAllFinal(ds, [solved, wrong], 90_000);
    expect(await detail(solved)).toMatchObject({ status: 'accepted', score: 100 });
    expect(await detail(wrong)).toMatchObject({ status: 'wrong_answer', score: 0 });
    expect(await countersAndRows(problemId)).toEqual({
      counters: { submissionCount: 2, acceptedSubmissionCount: 1 },
      rows: { submissionCount: 2, acceptedSubmissionCount: 1 },
    });

    await t
      .http()
      .put(`/api/problems/${problemId}`)
      .set(...bearer(admin))
      .send(problemWith('6\n'))
      .expect(200);
    const rejudge = await t
      .http()
      .post(`/api/problems/${problemId}/rejudge`)
      .set(...bearer(admin))
      .expect(202);
    expect(rejudge.body).toEqual({ queued: 2 });
    await waitAllFinal(ds, [solved, wrong], 90_000);

    // Small loses its 60 points on its second test; Large keeps its 40, test by test.
    const rejudged = await detail(solved);
    expect(rejudged).toMatchObject({ id: solved, status: 'wrong_answer', score: 40 });
    expect(rejudged.testCaseResults.map((r: { status: string; subtask?: number }) => [r.status, r.subtask])).toEqual([
      ['accepted', 0],
      ['wrong_answer', 0],
      ['accepted', 1],
      ['accepted', 1],
    ]);
    // The checker's own words: it judged the tests, not a built-in comparison.
    expect(rejudged.testCaseResults[1].message).toBe('wrong answer expected 6, found 5');
    expect(rejudged.resultSummary.subtasks).toEqual([
      { index: 0, name: 'Small', scoring: 'min', points: 60, earned: 0 },
      { index: 1, name: 'Large', scoring: 'sum', points: 40, earned: 40 },
    ]);
    expect(await detail(wrong)).toMatchObject({ status: 'wrong_answer', score: 0 });
    expect(await countersAndRows(problemId)).toEqual({
      counters: { submissionCount: 2, acceptedSubmissionCount: 0 },
      rows: { submissionCount: 2, acceptedSubmissionCount: 0 },
    });
  }, 240_000);
});

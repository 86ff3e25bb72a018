import { INestApplicationContext } from '@nestjs/common';
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
  SIMILARITY_CASES,
  TestApp,
  TestSession,
} from '@oj/api-testing';
import type { SimilarityReport } from '@oj/contracts';
import { DataSource } from 'typeorm';

import { waitAllFinal } from '../reliability/grading-audit';
import { startWorker } from '../worker-harness';

/** The judge's ids of the fixtures' languages (C, C++, Python, Java). */
const LANGUAGE_IDS = [50, 54, 71, 62];
/** The fixtures' task: the best sum of a contiguous run. */
const TESTS = [
  { input: '5\n1 -2 3 4 -1\n', output: '7\n', points: 1 },
  { input: '3\n-5 -1 -3\n', output: '-1\n', points: 1 },
];

/**
 * Issue 36 through the real worker: a contest with a problem per language, four contestants each solving all of
 * them (one copying another with every name renamed), graded by the worker; then a report asked for through the
 * API, computed by the worker from its own queue, polled until done.
 */
describe('a similarity report through the worker', () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  let admin: TestSession;

  beforeAll(async () => {
    t = await createTestApp();
    worker = await startWorker(t);
    admin = await createAdmin(t);
  }, 60_000);
  afterAll(async () => {
    await worker.close();
    await t.close();
  });

  const submit = async (user: TestSession, contestId: number, problemId: number, languageId: number, sourceCode: string) =>
    (
      await t
        .http()
        .post('/api/submissions')
        .set(...bearer(user))
        .send({ contestId, problemId, languageId, sourceCode })
        .expect(201)
    ).body.submissionId as string;

  it('finds each language’s renamed copy, from each user’s last accepted submission, and shows its progress', async () => {
    const problems = await Promise.all(
      LANGUAGE_IDS.map((languageId, i) =>
        createProblem(t, admin, problemBody({ title: `Runs ${i}`, judge0LanguageIds: [languageId], testCases: TESTS })),
      ),
    );
    const { contestId } = await createContest(
      t,
      admin,
      contestBody(
        problems.map((p) => p.problemId),
        -30,
        60,
      ),
    );
    const [original, copier, third, fourth] = await Promise.all([0, 1, 2, 3].map(() => registerUser(t)));
    for (const user of [original, copier, third, fourth]) await register(t, user, contestId);
    const ids: string[] = [];
    const copies: Record<number, string> = {};
    for (const [i, c] of SIMILARITY_CASES.entries()) {
      const { problemId } = problems[i];
      ids.push(await submit(original, contestId, problemId, LANGUAGE_IDS[i], c.original));
      copies[problemId] = await submit(copier, contestId, problemId, LANGUAGE_IDS[i], c.renamedCopy);
      ids.push(copies[problemId]);
      ids.push(await submit(third, contestId, problemId, LANGUAGE_IDS[i], c.unrelated[0]));
      ids.push(await submit(fourth, contestId, problemId, LANGUAGE_IDS[i], c.unrelated[1]));
    }
    // After the accepted copy, the copier hands in a wrong answer that copies nothing: the copy still counts.
    const ds = t.app.get(DataSource);
    await waitAllFinal(ds, ids, 180_000);
    ids.push(await submit(copier, contestId, problems[2].problemId, 71, 'print(0)\n'));
    await waitAllFinal(ds, ids, 60_000);
    const statuses: { status: string }[] = await ds.query(`SELECT status FROM submissions WHERE id = ANY($1)`, [Object.values(copies)]);
    expect(statuses.map((s) => s.status)).toEqual(['accepted', 'accepted', 'accepted', 'accepted']);

    const { reportId } = (
      await t
        .http()
        .post(`/api/contests/${contestId}/similarity-reports`)
        .set(...bearer(admin))
        .expect(202)
    ).body;
    let report: SimilarityReport;
    for (const deadline = Date.now() + 60_000; ;) {
      report = (
        await t
          .http()
          .get(`/api/similarity-reports/${reportId}`)
          .set(...bearer(admin))
          .expect(200)
      ).body;
      if (report.status === 'done' || report.status === 'failed' || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(report.status).toBe('done');
    expect(report.progress).toBe(100);
    expect(report.submissions).toBe(16);
    expect(report.untokenized).toEqual([]);
    expect(report.pairs.map((p) => [p.problemId, p.leftUser, p.rightUser, p.rightSubmissionId]).sort()).toEqual(
      problems.map((p) => [p.problemId, original.user.username, copier.user.username, copies[p.problemId]]).sort(),
    );
    for (const pair of report.pairs) {
      expect(pair.similarity).toBeGreaterThan(0.9);
      expect(pair.fragments.length).toBeGreaterThan(0);
    }
    expect(report.pairs.map((p) => p.similarity)).toEqual([...report.pairs.map((p) => p.similarity)].sort((a, b) => b - a));
  }, 300_000);
});

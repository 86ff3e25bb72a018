import { bearer, createAdmin, createProblem, problemBody, TestApp, TestSession } from '@oj/api-testing';
import { DataSource } from 'typeorm';

import { waitAllFinal } from './grading-audit';

/*
 * The judge under real faults, each on infrastructure of the test's own: a Redis server it crashes and restarts
 * (redis-outage.spec.ts), a TCP proxy in front of PostgreSQL it cuts (postgres-outage.spec.ts), compiled worker
 * processes it SIGKILLs (worker-kills.spec.ts). Afterwards every submission is final, graded and counted once,
 * the counters equal the rows, the workers did not crash, and the in-process API answers again without a restart.
 * One file per fault, so Jest runs them side by side.
 */

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const SUM = 'a, b = map(int, input().split())\nprint(a + b)';
// A third of a second per submission keeps a few of them queued and one running when the fault hits.
export const SLOW_SUM = 'import time\na, b = map(int, input().split())\ntime.sleep(0.3)\nprint(a + b)';
// Short locks and reconcile passes so a lost or stalled job is found within seconds, not a minute.
export const FAST_RECOVERY = { JOB_LOCK_MS: '1500', RECONCILE_INTERVAL_MS: '2000' };

/** An admin (no per-user caps) and a one-test A + B problem on this site. */
export async function siteWithProblem(t: TestApp): Promise<{ admin: TestSession; problemId: number }> {
  const admin = await createAdmin(t);
  const body = problemBody({ testCases: [{ input: '2 3\n', output: '5\n', points: 1 }], judge0LanguageIds: [71], cpuTimeLimit: 2 });
  const problemId = (await createProblem(t, admin, body)).problemId;
  return { admin, problemId };
}

/** Submits, retrying while the API answers 503 (no worker has published its languages yet). */
export async function submit(t: TestApp, admin: TestSession, problemId: number, sourceCode: string, timeoutMs = 30_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await t
      .http()
      .post('/api/submissions')
      .set(...bearer(admin))
      .send({ problemId, languageId: 71, sourceCode });
    if (res.status === 201) return res.body.submissionId;
    if (Date.now() > deadline) throw new Error(`submitting answered ${res.status}: ${JSON.stringify(res.body)}`);
    await sleep(250);
  }
}

/**
 * Waits until one of `ids` is being graded. The worker was spawned just before: its start (Nest, the languages, the
 * precompiled header, warm boxes) took over 20 s on a machine loaded by other runs, so the bound is a minute.
 */
export async function waitForRunning(ds: DataSource, ids: string[]): Promise<void> {
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await sleep(50)) {
    const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM submissions WHERE id = ANY($1) AND status = 'running'`, [ids]);
    if (n) return;
  }
  throw new Error('nothing started grading');
}

/** The API answers its routes again, reading and submitting, and the new submission is graded. */
export async function expectApiServes(t: TestApp, admin: TestSession, problemId: number, ds: DataSource): Promise<void> {
  const id = await submit(t, admin, problemId, SUM);
  await t
    .http()
    .get(`/api/submissions/${id}`)
    .set(...bearer(admin))
    .expect(200);
  await t.http().get(`/api/problems/${problemId}`).expect(200);
  await waitAllFinal(ds, [id], 60_000);
}

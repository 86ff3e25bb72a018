import { ChildProcess } from 'child_process';
import { DataSource } from 'typeorm';

import { exited, spawnCompiledWorker } from './compiled-worker';
import { expectGradedOnce, waitAllFinal } from './grading-audit';
import { siteWithProblem, sleep, submit } from './outage-site';
import { startWorkerSite, WorkerSite } from './worker-site';

// Four seconds asleep: under the problem's wall clock (2 × 2 s CPU + 1 s), long past the short grace period below.
const SLOW_SUM = 'import time\na, b = map(int, input().split())\ntime.sleep(4)\nprint(a + b)';

/** Waits until the submission is being graded (a worker starting on a loaded machine may take a while first). */
async function waitUntilRunning(ds: DataSource, id: string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const [row] = await ds.query(`SELECT status FROM submissions WHERE id = $1`, [id]);
    if (row.status === 'running') return;
    if (row.status !== 'queued') throw new Error(`${id} went ${row.status} before the stop`);
    await sleep(50);
  }
  throw new Error(`${id} never started grading`);
}

/** Milliseconds from now until `child` exits, and how it exited. */
async function timeToExit(child: ChildProcess): Promise<{ ms: number; code: number | null; signal: NodeJS.Signals | null }> {
  const start = Date.now();
  await exited(child);
  return { ms: Date.now() - start, code: child.exitCode, signal: child.signalCode };
}

// The compiled worker stopped as Kubernetes and docker compose stop it: SIGTERM, then SIGKILL after a grace period.
describe('a worker stopped with SIGTERM while it grades', () => {
  let judge: WorkerSite;
  let ds: DataSource;
  let site: Awaited<ReturnType<typeof siteWithProblem>>;
  const spawnWorker = (graceMs: number) => {
    const { DATABASE_URL, REDIS_URL, REDIS_PREFIX } = judge.t.config;
    const worker = spawnCompiledWorker({ DATABASE_URL, REDIS_URL, REDIS_PREFIX, WORKER_STOP_GRACE_MS: String(graceMs) });
    judge.workers.push(worker);
    return worker;
  };

  beforeAll(async () => {
    judge = await startWorkerSite();
    ds = judge.t.app.get(DataSource);
    site = await siteWithProblem(judge.t);
  }, 120_000);
  afterAll(() => judge.close());

  it('finishes the submission in hand within its grace period, takes no other, and exits cleanly', async () => {
    const worker = spawnWorker(30_000);
    const slow = await submit(judge.t, site.admin, site.problemId, SLOW_SUM);
    await waitUntilRunning(ds, slow);
    worker.kill('SIGTERM');
    // Queued after the stop began: the stopping worker must leave it for another.
    const later = await submit(judge.t, site.admin, site.problemId, SLOW_SUM);
    const stop = await timeToExit(worker);
    expect(stop).toMatchObject({ code: 0, signal: null });
    expect(stop.ms).toBeLessThan(30_000);
    const [slowRow, laterRow] = await Promise.all(
      [slow, later].map((id) => ds.query(`SELECT status FROM submissions WHERE id = $1`, [id])),
    );
    expect([slowRow[0].status, laterRow[0].status]).toEqual(['accepted', 'queued']);

    spawnWorker(30_000);
    await waitAllFinal(ds, [later], 150_000);
    await expectGradedOnce(ds, site.problemId, [slow, later], judge.live.events);
  }, 240_000);

  it('hands back a submission that outlasts the grace period, exits within it, and another worker grades it', async () => {
    for (const w of judge.workers) w.kill('SIGTERM');
    await Promise.all(judge.workers.map(exited));
    const worker = spawnWorker(1_000);
    const slow = await submit(judge.t, site.admin, site.problemId, SLOW_SUM);
    await waitUntilRunning(ds, slow);
    worker.kill('SIGTERM');
    const stop = await timeToExit(worker);
    expect(stop).toMatchObject({ code: 0, signal: null });
    // Its grace period (1 s) and the hand-back, well inside the 30 s the manifests leave beyond it.
    expect(stop.ms).toBeLessThan(10_000);
    const [row] = await ds.query(`SELECT status FROM submissions WHERE id = $1`, [slow]);
    expect(['queued', 'running']).toContain(row.status);
    // Handed back, not left stalled (a killed worker's job stays active until its 30 s lock expires): back in the
    // queue at once, with no attempt counted.
    const job = (await judge.queue.getJob(slow))!;
    expect({ state: await job.getState(), attemptsMade: job.attemptsMade }).toEqual({
      state: expect.stringMatching(/^(waiting|delayed)$/),
      attemptsMade: 0,
    });

    spawnWorker(30_000);
    await waitAllFinal(ds, [slow], 150_000);
    const [graded] = await ds.query(`SELECT status FROM submissions WHERE id = $1`, [slow]);
    expect(graded.status).toBe('accepted');
    await expectGradedOnce(ds, site.problemId, [slow], judge.live.events);
  }, 240_000);
});

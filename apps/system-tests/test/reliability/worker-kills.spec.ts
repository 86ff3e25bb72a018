import { DataSource } from 'typeorm';

import { exited, spawnCompiledWorker } from './compiled-worker';
import { expectGradedOnce, waitAllFinal } from './grading-audit';
import { FAST_RECOVERY, siteWithProblem, sleep, submit, SUM } from './outage-site';
import { startWorkerSite, WorkerSite } from './worker-site';

// The judge under a real fault (outage-site.ts says what every fault test proves).
describe('judging through outages', () => {
  describe('two workers grading 300 submissions, one SIGKILLed at random moments', () => {
    let judge: WorkerSite;

    beforeAll(async () => {
      judge = await startWorkerSite();
    }, 120_000);
    afterAll(() => judge.close());

    it('every submission ends final, graded once, with exact counters', async () => {
      const { t, workers, live } = judge;
      const { DATABASE_URL, REDIS_URL, REDIS_PREFIX } = t.config;
      const spawnWorker = () => spawnCompiledWorker({ DATABASE_URL, REDIS_URL, REDIS_PREFIX, WORKER_CONCURRENCY: '2', ...FAST_RECOVERY });
      const running = [spawnWorker(), spawnWorker()];
      workers.push(...running);
      const ds = t.app.get(DataSource);
      const site = await siteWithProblem(t);
      const ids: string[] = [];
      for (let i = 0; i < 300; i++) ids.push(await submit(t, site.admin, site.problemId, i % 3 ? SUM : 'print(6)'));
      for (let kill = 0; kill < 3; kill++) {
        await sleep(1000 + Math.random() * 3000);
        const victim = Math.floor(Math.random() * 2);
        running[victim].kill('SIGKILL');
        await exited(running[victim]);
        // Restarted at once, as npm start's supervisor does.
        running[victim] = spawnWorker();
        workers.push(running[victim]);
      }
      await waitAllFinal(ds, ids, 240_000);
      await expectGradedOnce(ds, site.problemId, ids, live.events);
      const [{ accepted, wrong }] = await ds.query(
        `SELECT count(*) FILTER (WHERE status = 'accepted')::int AS accepted, count(*) FILTER (WHERE status = 'wrong_answer')::int AS wrong FROM submissions WHERE id = ANY($1)`,
        [ids],
      );
      expect({ accepted, wrong }).toEqual({ accepted: 200, wrong: 100 });
      expect(running.every((w) => w.exitCode === null)).toBe(true);
    }, 360_000);
  });
});

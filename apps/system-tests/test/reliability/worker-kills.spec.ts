import { createTestApp, TestApp } from '@oj/api-testing';
import { ChildProcess } from 'child_process';
import { DataSource } from 'typeorm';

import { exited, spawnCompiledWorker } from './compiled-worker';
import { collectLiveEvents, expectGradedOnce, waitAllFinal } from './grading-audit';
import { FAST_RECOVERY, siteWithProblem, sleep, submit, SUM } from './outage-site';

// The judge under a real fault (outage-site.ts says what every fault test proves).
describe('judging through outages', () => {
  describe('two workers grading 300 submissions, one SIGKILLed at random moments', () => {
    let t: TestApp;
    const workers: ChildProcess[] = [];
    let live: Awaited<ReturnType<typeof collectLiveEvents>>;

    beforeAll(async () => {
      t = await createTestApp();
      live = await collectLiveEvents(t.config.REDIS_URL, t.config.REDIS_PREFIX);
    }, 120_000);
    afterAll(async () => {
      for (const w of workers) w.kill('SIGKILL');
      await Promise.all(workers.map(exited));
      live.close();
      await t.close();
    });

    it('every submission ends final, graded once, with exact counters', async () => {
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

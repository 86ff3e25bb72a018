import { createTestApp, TestApp, TestSession } from '@oj/api-testing';
import { ChildProcess } from 'child_process';
import { DataSource } from 'typeorm';

import { exited, spawnCompiledWorker } from './compiled-worker';
import { collectLiveEvents, expectGradedOnce, waitAllFinal } from './grading-audit';
import { expectApiServes, FAST_RECOVERY, siteWithProblem, SLOW_SUM, submit, waitForRunning } from './outage-site';
import { OwnRedis } from './own-redis';

// The judge under a real fault (outage-site.ts says what every fault test proves).
describe('judging through outages', () => {
  describe('Redis crashing and restarting', () => {
    let redis: OwnRedis;
    let t: TestApp;
    let worker: ChildProcess;
    let site: { admin: TestSession; problemId: number };
    let live: Awaited<ReturnType<typeof collectLiveEvents>>;
    let ds: DataSource;

    beforeAll(async () => {
      redis = await OwnRedis.start();
      t = await createTestApp({ REDIS_URL: redis.url });
      ds = t.app.get(DataSource);
      const { DATABASE_URL, REDIS_PREFIX } = t.config;
      worker = spawnCompiledWorker({ DATABASE_URL, REDIS_URL: redis.url, REDIS_PREFIX, ...FAST_RECOVERY });
      site = await siteWithProblem(t);
      live = await collectLiveEvents(redis.url, REDIS_PREFIX);
    }, 120_000);
    afterAll(async () => {
      worker?.kill('SIGKILL');
      if (worker) await exited(worker);
      live?.close();
      await t.close();
      await redis.stop();
    });

    it.each([
      ['without its data: the reconciler queues the lost jobs again', false],
      ['with its data: the jobs go on from the append-only file', true],
    ])(
      '%s',
      async (_title, withData) => {
        const ids: string[] = [];
        for (let i = 0; i < 6; i++) ids.push(await submit(t, site.admin, site.problemId, SLOW_SUM));
        await waitForRunning(ds, ids);
        await redis.restart(withData as boolean);
        await waitAllFinal(ds, ids, 90_000);
        await expectGradedOnce(ds, site.problemId, ids, live.events, true);
        expect(worker.exitCode).toBeNull();
        await expectApiServes(t, site.admin, site.problemId, ds);
      },
      180_000,
    );
  });
});

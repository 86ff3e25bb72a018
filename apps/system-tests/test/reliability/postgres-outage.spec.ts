import { createTestApp, TestApp } from '@oj/api-testing';
import { dropDatabase, migrate } from '@oj/db';
import { ChildProcess } from 'child_process';
import { randomBytes } from 'crypto';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';

import { TcpProxy } from '../../../judge-worker/test/faults/tcp-proxy';
import { exited, spawnCompiledWorker } from './compiled-worker';
import { collectLiveEvents, expectGradedOnce, waitAllFinal } from './grading-audit';
import { expectApiServes, FAST_RECOVERY, siteWithProblem, sleep, SLOW_SUM, submit, waitForRunning } from './outage-site';

// The judge under a real fault (outage-site.ts says what every fault test proves).
describe('judging through outages', () => {
  describe('PostgreSQL down for 30 s', () => {
    const suffix = randomBytes(5).toString('hex');
    const direct = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
    direct.pathname = `/oj_outage_${suffix}`;
    let proxy: TcpProxy;
    let t: TestApp;
    let worker: ChildProcess;
    let ds: DataSource;
    let live: Awaited<ReturnType<typeof collectLiveEvents>>;

    beforeAll(async () => {
      await migrate(direct.toString());
      proxy = await TcpProxy.start(Number(direct.port || 5432));
      const proxied = new URL(direct);
      proxied.host = `127.0.0.1:${proxy.port}`;
      t = await createTestApp({ DATABASE_URL: proxied.toString(), REDIS_PREFIX: `oj_outage_${suffix}` });
      ds = new DataSource({ type: 'postgres', url: direct.toString(), entities: t.app.get(DataSource).options.entities });
      await ds.initialize();
      // A stray rejection nobody handles, as the failed-job handler used to throw: the worker must log it and go on.
      const stray = `setTimeout(() => Promise.reject(new Error('stray rejection from the test')), 2000);`;
      worker = spawnCompiledWorker(
        { DATABASE_URL: proxied.toString(), REDIS_URL: t.config.REDIS_URL, REDIS_PREFIX: t.config.REDIS_PREFIX, ...FAST_RECOVERY },
        stray,
      );
      live = await collectLiveEvents(t.config.REDIS_URL, t.config.REDIS_PREFIX);
    }, 120_000);
    afterAll(async () => {
      worker?.kill('SIGKILL');
      if (worker) await exited(worker);
      live?.close();
      await proxy.up();
      await t.close();
      await ds.destroy();
      await proxy.close();
      const redis = new Redis(t.config.REDIS_URL);
      const keys = await redis.keys(`${t.config.REDIS_PREFIX}*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
      await dropDatabase(direct.toString());
    });

    it('grading waits the outage out; nothing fails, crashes or counts twice, and the API answers again alone', async () => {
      const site = await siteWithProblem(t);
      const ids: string[] = [];
      for (let i = 0; i < 6; i++) ids.push(await submit(t, site.admin, site.problemId, SLOW_SUM));
      await waitForRunning(ds, ids);
      await proxy.down();
      await sleep(30_000);
      // Down, the API answers with an error instead of hanging or dying.
      expect((await t.http().get(`/api/problems/${site.problemId}`)).status).toBeGreaterThanOrEqual(500);
      await proxy.up();
      await waitAllFinal(ds, ids, 90_000);
      await expectGradedOnce(ds, site.problemId, ids, live.events);
      const rows = await ds.query(`SELECT status FROM submissions WHERE id = ANY($1)`, [ids]);
      expect(rows.map((r: { status: string }) => r.status)).toEqual(ids.map(() => 'accepted'));
      expect(worker.exitCode).toBeNull();
      await expectApiServes(t, site.admin, site.problemId, ds);
    }, 240_000);
  });
});

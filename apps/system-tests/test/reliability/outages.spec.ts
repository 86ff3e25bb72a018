import { dropDatabase, migrate } from '@oj/db';
import { ChildProcess } from 'child_process';
import { randomBytes } from 'crypto';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';

import { bearer, createAdmin, TestSession } from '../../../api/test/factories';
import { problemBody } from '../../../api/test/problems/problem-fixtures';
import { createTestApp, TestApp } from '../../../api/test/test-app';
import { TcpProxy } from '../../../judge-worker/test/faults/tcp-proxy';
import { exited, spawnCompiledWorker } from './compiled-worker';
import { collectLiveEvents, expectGradedOnce, waitAllFinal } from './grading-audit';
import { OwnRedis } from './own-redis';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const SUM = 'a, b = map(int, input().split())\nprint(a + b)';
// A third of a second per submission keeps a few of them queued and one running when the fault hits.
const SLOW_SUM = 'import time\na, b = map(int, input().split())\ntime.sleep(0.3)\nprint(a + b)';
// Short locks and reconcile passes so a lost or stalled job is found within seconds, not a minute.
const FAST_RECOVERY = { JOB_LOCK_MS: '1500', RECONCILE_INTERVAL_MS: '2000' };

/**
 * The judge under real faults, each on infrastructure of the test's own: a Redis server it crashes and restarts,
 * a TCP proxy in front of PostgreSQL it cuts, compiled worker processes it SIGKILLs. Afterwards every submission
 * is final, graded and counted once, the counters equal the rows, the workers did not crash, and the in-process
 * API answers again without a restart.
 */
describe('judging through outages', () => {
  /** An admin (no per-user caps) and a one-test A + B problem on this site. */
  async function siteWithProblem(t: TestApp): Promise<{ admin: TestSession; problemId: number }> {
    const admin = await createAdmin(t);
    const body = problemBody({ testCases: [{ input: '2 3\n', output: '5\n', points: 1 }], judge0LanguageIds: [71], cpuTimeLimit: 2 });
    const problemId = (
      await t
        .http()
        .post('/api/problems')
        .set(...bearer(admin))
        .send(body)
        .expect(201)
    ).body.problemId;
    return { admin, problemId };
  }

  /** Submits, retrying while the API answers 503 (no worker has published its languages yet). */
  async function submit(t: TestApp, admin: TestSession, problemId: number, sourceCode: string, timeoutMs = 30_000): Promise<string> {
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

  async function waitForRunning(ds: DataSource, ids: string[]): Promise<void> {
    for (let i = 0; i < 400; i++) {
      const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM submissions WHERE id = ANY($1) AND status = 'running'`, [ids]);
      if (n) return;
      await sleep(50);
    }
    throw new Error('nothing started grading');
  }

  /** The API answers its routes again, reading and submitting, and the new submission is graded. */
  async function expectApiServes(t: TestApp, admin: TestSession, problemId: number, ds: DataSource): Promise<void> {
    const id = await submit(t, admin, problemId, SUM);
    await t
      .http()
      .get(`/api/submissions/${id}`)
      .set(...bearer(admin))
      .expect(200);
    await t.http().get(`/api/problems/${problemId}`).expect(200);
    await waitAllFinal(ds, [id], 60_000);
  }

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

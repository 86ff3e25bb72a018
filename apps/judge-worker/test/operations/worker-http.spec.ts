import { createServer, Server } from 'net';
import { networkInterfaces } from 'os';
import request from 'supertest';

import { StartedWorker, startWorkerApp } from '../../src/operations/worker-app';
import { workerStores } from '../worker/worker-stores';

const TOKEN = 'metrics-token-0123456789';

/** An address of this host that is not loopback, when it has one. */
function externalAddress(): string | undefined {
  return Object.values(networkInterfaces())
    .flat()
    .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
}

/** Two real workers (local engine) in this process on one database and Redis prefix, each with its own port. */
describe('judge worker HTTP: probes and metrics on WORKER_HTTP_PORT', () => {
  const stores = workerStores('worker_http');
  // `open` and `guarded` listen on every address (WORKER_HTTP_HOST=0.0.0.0) so the tests can call them from outside
  // loopback; `plain` has the defaults: loopback only, metrics off.
  let open: StartedWorker;
  let guarded: StartedWorker;
  let plain: StartedWorker;

  beforeAll(async () => {
    await stores.create();
    open = await startWorkerApp(stores.config({ WORKER_HTTP_PORT: '0', WORKER_HTTP_HOST: '0.0.0.0', METRICS_ALLOW_LOOPBACK: 'true' }));
    guarded = await startWorkerApp(stores.config({ WORKER_HTTP_PORT: '0', WORKER_HTTP_HOST: '0.0.0.0', METRICS_TOKEN: TOKEN }));
    plain = await startWorkerApp(stores.config({ WORKER_HTTP_PORT: '0' }));
  }, 120_000);

  afterAll(async () => {
    await open?.app.close();
    await guarded?.app.close();
    await plain?.app.close();
    await stores.drop();
  });

  const http = (worker: StartedWorker, host = '127.0.0.1') => request(`http://${host}:${worker.port}`);

  it('gives each worker started with port 0 a free port of its own', () => {
    expect(open.port).toBeGreaterThan(0);
    expect(guarded.port).toBeGreaterThan(0);
    expect(open.port).not.toBe(guarded.port);
  });

  it('answers liveness and readiness (PostgreSQL and Redis)', async () => {
    await http(open).get('/api/health/live').expect(200, { status: 'ok' });
    const res = await http(open).get('/api/health/ready').expect(200);
    expect(res.body).toEqual({ status: 'ok', details: { database: { status: 'up' }, redis: { status: 'up' } } });
  });

  it('listens on loopback only by default', async () => {
    await http(plain).get('/api/health/live').expect(200);
    const address = externalAddress();
    if (!address) return console.warn('No non-loopback interface on this host; skipped');
    await expect(http(plain, address).get('/api/health/live')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('serves no metrics without a token unless METRICS_ALLOW_LOOPBACK is set, not even to loopback', async () => {
    const res = await http(plain).get('/metrics').expect(404);
    expect(res.body.message).toContain('METRICS_TOKEN');
  });

  it('serves its metrics to loopback with METRICS_ALLOW_LOOPBACK and no token', async () => {
    const res = await http(open).get('/metrics').expect(200);
    expect(res.headers['content-type']).toContain('text/plain');
    for (const name of ['oj_grading_duration_seconds', 'oj_verdicts_total', 'oj_tests_run_total', 'process_cpu_seconds_total']) {
      expect(res.text).toContain(`# TYPE ${name}`);
    }
  });

  it('refuses metrics to a non-loopback caller with METRICS_ALLOW_LOOPBACK and no token', async () => {
    const address = externalAddress();
    if (!address) return console.warn('No non-loopback interface on this host; skipped');
    const res = await http(open, address).get('/metrics').expect(403);
    expect(res.body.code).toBe('FORBIDDEN');
    await http(open, address).get('/api/health/live').expect(200);
  });

  it('with METRICS_TOKEN, refuses a missing or wrong token even from loopback, and serves the right one', async () => {
    await http(guarded).get('/metrics').expect(401);
    await http(guarded).get('/metrics').set('Authorization', 'Bearer wrong-token-0123456789').expect(401);
    const res = await http(guarded).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200);
    expect(res.text).toContain('# TYPE oj_verdicts_total counter');
    const address = externalAddress();
    if (address) await http(guarded, address).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200);
  });

  it('serves no HTTP with WORKER_HTTP_PORT=off', async () => {
    const worker = await startWorkerApp(stores.config({ WORKER_HTTP_PORT: 'off' }));
    try {
      expect(worker.port).toBeNull();
    } finally {
      await worker.app.close();
    }
  }, 60_000);

  it('says which variable to change when its port is taken', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, resolve));
    const port = String((blocker.address() as { port: number }).port);
    try {
      await expect(startWorkerApp(stores.config({ WORKER_HTTP_PORT: port }))).rejects.toThrow(
        `port ${port} is in use): set WORKER_HTTP_PORT`,
      );
    } finally {
      blocker.close();
    }
  }, 60_000);
});

import { createTestApp, TestApp } from '@oj/api-testing';
import { languagesKey } from '@oj/messaging';
import Redis from 'ioredis';

import { RedisProxy } from './redis-proxy';

async function publishHeartbeat(t: TestApp): Promise<void> {
  const redis = new Redis(t.config.REDIS_URL);
  await redis.set(languagesKey(t.config.REDIS_PREFIX), JSON.stringify([{ id: 71, name: 'Python 3' }]), 'EX', 90);
  redis.disconnect();
}

describe('health probes', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(() => t?.close());

  it('answers liveness while the process is up', async () => {
    await t.http().get('/api/health/live').expect(200, { status: 'ok' });
  });

  it('is not ready without a worker heartbeat, and names the worker', async () => {
    const res = await t.http().get('/api/health/ready').expect(503);
    expect(res.body).toMatchObject({ message: 'Not ready: worker', code: 'SERVICE_UNAVAILABLE' });
    expect(res.body.details).toEqual([{ path: 'worker', message: expect.stringContaining('no judge worker heartbeat') }]);
  });

  it('is ready once PostgreSQL, Redis and a worker heartbeat are there', async () => {
    await publishHeartbeat(t);
    const res = await t.http().get('/api/health/ready').expect(200);
    expect(res.body).toEqual({ status: 'ok', details: { database: { status: 'up' }, redis: { status: 'up' }, worker: { status: 'up' } } });
  });

  it('echoes a request id on the probes too', async () => {
    const res = await t.http().get('/api/health/live').set('X-Request-Id', 'probe-1').expect(200);
    expect(res.headers['x-request-id']).toBe('probe-1');
  });
});

describe('readiness when Redis goes away', () => {
  const proxy = new RedisProxy(new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'));
  let t: TestApp;

  beforeAll(async () => {
    await proxy.start();
    t = await createTestApp({ REDIS_URL: proxy.url });
    await publishHeartbeat(t);
  }, 60_000);
  afterAll(async () => {
    // Redis comes back so the app's connections close cleanly.
    await proxy.start().catch(() => undefined);
    await t?.close();
  });

  it('answers 503 naming redis (and the worker, whose heartbeat lives there), while liveness still answers', async () => {
    await t.http().get('/api/health/ready').expect(200);
    await proxy.cut();
    const res = await t.http().get('/api/health/ready').expect(503);
    expect(res.body.message).toBe('Not ready: redis, worker');
    expect(res.body.details.map((d: { path: string }) => d.path)).toEqual(['redis', 'worker']);
    await t.http().get('/api/health/live').expect(200);
  });
});

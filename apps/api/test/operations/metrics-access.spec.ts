import { createTestApp, TestApp } from '@oj/api-testing';

const TOKEN = 'api-metrics-token-0123456789';

describe('API /metrics access', () => {
  describe('without METRICS_TOKEN or METRICS_ALLOW_LOOPBACK', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    }, 60_000);
    afterAll(() => t?.close());

    it('is off, even for a loopback caller (a same-host proxy without X-Forwarded-For looks like one)', async () => {
      const res = await t.http().get('/metrics').expect(404);
      expect(res.body).toEqual({ message: expect.stringContaining('METRICS_TOKEN'), code: 'NOT_FOUND' });
      await t.http().get('/metrics').set('X-Forwarded-For', '203.0.113.9').expect(404);
    });
  });

  describe('with METRICS_ALLOW_LOOPBACK and no METRICS_TOKEN', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ METRICS_ALLOW_LOOPBACK: 'true' });
    }, 60_000);
    afterAll(() => t?.close());

    it('answers a loopback caller in Prometheus text format', async () => {
      const res = await t.http().get('/metrics').expect(200);
      expect(res.headers['content-type']).toContain('text/plain');
      for (const name of [
        'oj_http_request_duration_seconds',
        'oj_live_streams_open',
        'oj_queue_depth',
        'oj_queue_jobs',
        'oj_queue_oldest_waiting_age_seconds',
      ]) {
        expect(res.text).toContain(`# TYPE ${name}`);
      }
    });

    it('refuses a client that reaches it through a local proxy (not loopback itself)', async () => {
      const res = await t.http().get('/metrics').set('X-Forwarded-For', '203.0.113.9').expect(403);
      expect(res.body).toEqual({ message: expect.stringContaining('loopback'), code: 'FORBIDDEN' });
    });

    it('lives outside the API prefix', async () => {
      await t.http().get('/api/metrics').expect(404);
    });
  });

  describe('with METRICS_TOKEN', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ METRICS_TOKEN: TOKEN });
    }, 60_000);
    afterAll(() => t?.close());

    it('refuses a missing or wrong token, even from loopback', async () => {
      await t.http().get('/metrics').expect(401);
      const res = await t.http().get('/metrics').set('Authorization', 'Bearer not-the-metrics-token-00').expect(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.body.code).toBe('UNAUTHORIZED');
    });

    it('answers the right token from anywhere', async () => {
      await t.http().get('/metrics').set('X-Forwarded-For', '203.0.113.9').set('Authorization', `Bearer ${TOKEN}`).expect(200);
    });
  });
});

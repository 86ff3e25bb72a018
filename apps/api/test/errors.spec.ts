import { createTestApp, TestApp } from '@oj/api-testing';

describe('API error conventions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers health when PostgreSQL and Redis answer', async () => {
    await t.http().get('/api/health').expect(200, { status: 'ok' });
  });

  it('gives a JSON 404 for an unknown /api route', async () => {
    const res = await t.http().get('/api/no-such-route').expect(404);
    expect(res.body).toMatchObject({ code: 'NOT_FOUND', message: expect.any(String) });
  });

  it('gives a 400 for malformed JSON', async () => {
    const res = await t.http().post('/api/auth/login').set('Content-Type', 'application/json').send('{"a":').expect(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.any(String) });
  });

  it('gives a 413 for an oversized body', async () => {
    const big = JSON.stringify({ x: 'a'.repeat(2 * 1024 * 1024) });
    const res = await t.http().post('/api/auth/login').set('Content-Type', 'application/json').send(big).expect(413);
    expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.http().get('/api/docs-json').expect(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(res.body.paths['/api/health']).toBeDefined();
  });

  it('sets security headers', async () => {
    const res = await t.http().get('/api/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBeDefined();
  });
});

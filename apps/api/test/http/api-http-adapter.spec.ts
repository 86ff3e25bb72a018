import { createTestApp, TestApp } from '@oj/api-testing';
import type { Express } from 'express';
import type { IncomingMessage, Server, ServerResponse } from 'http';

/**
 * Node creates the API's requests and responses with Express's prototypes, so Express's per-request prototype
 * switch (which makes V8 rebuild both objects) has nothing to change.
 */
describe('the API HTTP server', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(() => t?.close());

  it("creates every request and response with Express's prototypes before Express sees them", async () => {
    const express = t.app.getHttpAdapter().getInstance() as Express;
    const server = t.app.getHttpServer() as Server;
    const seen: { request?: object; response?: object } = {};
    const spy = (req: IncomingMessage, res: ServerResponse) => {
      seen.request = Object.getPrototypeOf(req);
      seen.response = Object.getPrototypeOf(res);
    };
    server.prependListener('request', spy);
    try {
      const res = await t.http().get('/api/health/live').expect(200);
      expect(res.body).toEqual({ status: 'ok' });
    } finally {
      server.off('request', spy);
    }
    expect(seen.request).toBe(express.request);
    expect(seen.response).toBe(express.response);
  });
});

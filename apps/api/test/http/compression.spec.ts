import { createTestApp, registerUser, TestApp, TestSession } from '@oj/api-testing';
import { request } from 'http';
import { AddressInfo } from 'net';
import { brotliDecompressSync, gunzipSync } from 'zlib';

/** A raw request (supertest would decompress): the status line, headers and body bytes as they were sent. */
function rawGet(t: TestApp, path: string, headers: Record<string, string>): Promise<{ headers: Record<string, unknown>; body: Buffer }> {
  const { port } = t.app.getHttpServer().address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The first bytes of an event stream, or a rejection when nothing arrives in time (a compressor holding them). */
function firstStreamChunk(t: TestApp, path: string, token: string): Promise<{ headers: Record<string, unknown>; text: string }> {
  const { port } = t.app.getHttpServer().address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, headers: { Authorization: `Bearer ${token}`, 'Accept-Encoding': 'br, gzip' } },
      (res) => {
        const timer = setTimeout(() => reject(new Error('The stream sent nothing')), 5000);
        res.once('data', (chunk: Buffer) => {
          clearTimeout(timer);
          req.destroy();
          resolve({ headers: res.headers, text: chunk.toString('latin1') });
        });
      },
    );
    req.on('error', (error) => (req.destroyed ? undefined : reject(error)));
    req.end();
  });
}

describe('response compression', () => {
  let t: TestApp;
  let user: TestSession;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen(0, '127.0.0.1');
    user = await registerUser(t);
  }, 60_000);
  afterAll(() => t.close());

  it('compresses API JSON with brotli or gzip, as the client accepts', async () => {
    const plain = await rawGet(t, '/api/docs-json', {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await rawGet(t, '/api/docs-json', { 'Accept-Encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    const gz = await rawGet(t, '/api/docs-json', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    expect(gz.body.length).toBeLessThan(plain.body.length / 3);
  });

  it('sends the live stream uncompressed and unbuffered', async () => {
    const { headers, text } = await firstStreamChunk(t, '/api/submissions/stream', user.accessToken);
    expect(headers['content-type']).toMatch(/^text\/event-stream/);
    expect(headers['content-encoding']).toBeUndefined();
    expect(text).toBe(': connected\n\n');
  });
});

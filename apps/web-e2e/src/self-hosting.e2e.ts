import { request } from 'http';
import { networkInterfaces } from 'os';
import { Browser } from 'playwright-core';
import { brotliDecompressSync, gunzipSync } from 'zlib';

import { appUnderTest } from './app-under-test';
import { launchBrowser, screenshot } from './browser';

/** This machine's own non-loopback IPv4 address: how people on the LAN reach a self-hosted site. */
function lanAddress(): string | undefined {
  return Object.values(networkInterfaces())
    .flat()
    .find((info) => info && info.family === 'IPv4' && !info.internal)?.address;
}

/** A GET with the exact Accept-Encoding given; fetch would decompress, so the body is read from a raw request. */
function get(path: string, acceptEncoding = 'identity'): Promise<{ status: number; headers: Headers; body: Buffer }> {
  const url = new URL(path, appUnderTest().baseUrl);
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(res.headers)) if (typeof value === 'string') headers.set(name, value);
        resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('self-hosting', () => {
  const app = appUnderTest();

  describe('over plain http by IP address', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchBrowser();
    });
    afterAll(() => browser.close());

    it('renders the SPA with its scripts and styles, not a blank page', async () => {
      const address = lanAddress();
      if (!address) throw new Error('This machine has no non-loopback IPv4 address to open the app by');
      const page = await (await browser.newContext({ baseURL: `http://${address}:${new URL(app.baseUrl).port}` })).newPage();
      const failed: string[] = [];
      page.on('requestfailed', (req) => failed.push(`${req.url()} ${req.failure()?.errorText}`));
      await page.goto('/problems');
      await page
        .getByRole('heading', { name: 'Problem Archive' })
        .waitFor({ timeout: 15_000 })
        .catch(async (error) => {
          await screenshot(page, 'lan-address-blank');
          throw new Error(`${error.message}\nFailed requests: ${failed.join('\n') || 'none'}`);
        });
      // The stylesheet applied: the header is laid out, not unstyled text.
      expect(await page.locator('body').evaluate((body) => getComputedStyle(body).margin)).toBe('0px');
      expect(failed).toEqual([]);
    });
  });

  describe('static files', () => {
    let mainScript: string;
    beforeAll(async () => {
      const index = (await get('/')).body.toString();
      mainScript = /<script type="module" crossorigin src="([^"]+)"/.exec(index)?.[1] ?? '';
    });

    it('index.html and client-side routes are revalidated on every load, and never upgraded to https', async () => {
      for (const path of ['/', '/problems/1', '/u/someone.else']) {
        const res = await get(path, 'gzip');
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toMatch(/^text\/html/);
        expect(res.headers.get('cache-control')).toBe('no-cache');
        expect(res.headers.get('content-encoding')).toBe('gzip');
        expect(gunzipSync(res.body).toString()).toContain('<div id="root">');
        expect(res.headers.get('content-security-policy')).not.toContain('upgrade-insecure-requests');
      }
    });

    it('the main script goes out precompressed and cached for a year', async () => {
      expect(mainScript).toMatch(/^\/assets\/index-[\w-]+\.js$/);
      const raw = await get(mainScript);
      expect(raw.headers.get('content-encoding')).toBeNull();
      const gz = await get(mainScript, 'gzip, deflate');
      const br = await get(mainScript, 'gzip, deflate, br');
      expect(gz.headers.get('content-encoding')).toBe('gzip');
      expect(br.headers.get('content-encoding')).toBe('br');
      expect(gunzipSync(gz.body).equals(raw.body)).toBe(true);
      expect(brotliDecompressSync(br.body).equals(raw.body)).toBe(true);
      expect(br.body.length).toBeLessThan(raw.body.length / 3);
      for (const res of [raw, gz, br]) {
        expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        expect(res.headers.get('vary')).toContain('Accept-Encoding');
      }
    });

    it('source maps are not published', async () => {
      expect((await get(`${mainScript}.map`)).status).toBe(404);
    });

    it('/favicon.ico is an icon; missing files are 404, not the SPA', async () => {
      const icon = await get('/favicon.ico');
      expect(icon.status).toBe(200);
      expect(icon.headers.get('content-type')).toMatch(/icon/);
      expect([...icon.body.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
      for (const path of ['/assets/missing-abc123.js', '/robots.txt', '/apple-touch-icon.png']) {
        const res = await get(path);
        expect(res.status).toBe(404);
        expect(res.headers.get('content-type')).not.toMatch(/html/);
      }
    });
  });
});

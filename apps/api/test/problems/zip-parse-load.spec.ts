import { randomBytes } from 'crypto';
import type { AddressInfo } from 'net';
import { setTimeout as sleep } from 'timers/promises';

import { bearer, createAdmin, TestSession } from '../factories';
import { createTestApp, TestApp } from '../test-app';
import { buildZip } from './zip-builder';

const MiB = 1024 * 1024;
const LIMIT_MESSAGE = 'The archive inflates to more than 64 MiB of test data, the most a problem may hold.';
/** How often the health probe asks, and the longest any answer may take (security review, issue 20). */
const PROBE_EVERY_MS = 50;
const PROBE_BUDGET_MS = 200;

/**
 * The archive of issue 20: 120 pairs of files, each 1 MiB of `fill` then 12 KiB of random bytes (or 16 KiB of
 * their base64 for the text variant). About 3 MB zipped and 243 MiB inflated, so its ratio stays under 100:1.
 */
function issueArchive(fill: Buffer, tail: () => Buffer): Promise<Buffer> {
  return buildZip(
    Array.from({ length: 120 }, (_, i) =>
      ['in', 'out'].map((extension) => ({ name: `${i + 1}.${extension}`, content: Buffer.concat([fill, tail()]) })),
    ).flat(),
  );
}

/** Runs `work` while GET /api/health/live is asked every PROBE_EVERY_MS; each probe's delay counts from when it was due. */
async function probedWhile<T>(base: string, work: () => Promise<T>): Promise<{ result: T; delays: number[] }> {
  const delays: number[] = [];
  let done = false;
  const probing = (async () => {
    while (!done) {
      const due = performance.now() + PROBE_EVERY_MS;
      await sleep(PROBE_EVERY_MS);
      const res = await fetch(`${base}/api/health/live`);
      await res.arrayBuffer();
      delays.push(performance.now() - due);
    }
  })();
  try {
    return { result: await work(), delays };
  } finally {
    done = true;
    await probing;
  }
}

describe('zip-parse under the archives of issue 20: refused, and the API stays responsive', () => {
  let t: TestApp;
  let admin: TestSession;
  let base: string;
  let nulArchive: Buffer;
  let textArchive: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t);
    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    nulArchive = await issueArchive(Buffer.alloc(MiB), () => randomBytes(12 * 1024));
    textArchive = await issueArchive(Buffer.from('0\n'.repeat(MiB / 2)), () => Buffer.from(randomBytes(12 * 1024).toString('base64')));
  }, 120_000);
  afterAll(() => t.close());

  const upload = (zip: Buffer) =>
    t
      .http()
      .post('/api/problems/testcases/zip-parse')
      .set(...bearer(admin))
      .field('trimWhitespace', 'false')
      .attach('file', zip, 'tests.zip');

  it('builds archives that pass the size and ratio checks of the upload', () => {
    for (const zip of [nulArchive, textArchive]) {
      expect(zip.length).toBeLessThan(64 * MiB);
      expect(zip.length * 100).toBeGreaterThan(240 * MiB);
    }
  });

  it.each([
    ['1 MiB of NUL bytes', () => nulArchive],
    ['1 MiB of text', () => textArchive],
  ])('refuses the archive of files holding %s past 64 MiB, answering health probes within 200 ms', async (_, archive) => {
    const { result, delays } = await probedWhile(base, () => upload(archive()));
    expect(result.status).toBe(400);
    expect(result.body).toEqual({ code: 'VALIDATION_ERROR', message: LIMIT_MESSAGE, details: [{ path: 'file', message: LIMIT_MESSAGE }] });
    expect(delays.length).toBeGreaterThan(0);
    expect(Math.max(...delays)).toBeLessThan(PROBE_BUDGET_MS);
  });

  it('refuses three such uploads at once, answering health probes within 200 ms', async () => {
    const { result, delays } = await probedWhile(base, () => Promise.all([nulArchive, textArchive, nulArchive].map(upload)));
    expect(result.map((res) => [res.status, res.body.message])).toEqual([
      [400, LIMIT_MESSAGE],
      [400, LIMIT_MESSAGE],
      [400, LIMIT_MESSAGE],
    ]);
    expect(Math.max(...delays)).toBeLessThan(PROBE_BUDGET_MS);
  });
});

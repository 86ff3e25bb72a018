import { bearer, buildZip, createAdmin, createTestApp, TestApp, TestSession } from '@oj/api-testing';
import { trimLineEnds } from '@oj/contracts';
import { createHash, randomBytes } from 'crypto';
import { get, request } from 'http';
import type { AddressInfo } from 'net';
import { setTimeout as sleep } from 'timers/promises';

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

/** One GET /api/health/live on a connection of its own, for the reason uploadRaw gives. */
function probe(base: string): Promise<void> {
  return new Promise((resolve, reject) =>
    get(`${base}/api/health/live`, { agent: false }, (res) => res.resume().on('end', resolve).on('error', reject)).on('error', reject),
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
      await probe(base);
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

/** A noisy line's bytes before its blanks: 80 of base64, a space, é (2), € (3), 😀 (4) and the newline. */
const LINE_BYTES = 80 + 1 + 2 + 3 + 4 + 1;

/**
 * Text that neither compresses much nor is plain ASCII: lines of random base64 words, each line ending in spaces
 * or tabs for the trim to remove, with 2-, 3- and 4-byte characters (a 4-byte one is a UTF-16 surrogate pair).
 */
function noisyText(bytes: number): Buffer {
  // Each line's 80 characters of base64 (60 random bytes) are cut from one draw: 1.4 million small draws took 8 s.
  // Base64 is ASCII, so a line's size is known without measuring it (Buffer.byteLength of each line took a second).
  const words = randomBytes(Math.ceil(bytes / 80) * 60).toString('base64');
  const lines: string[] = [];
  for (let size = 0; size < bytes;) {
    const blanks = lines.length % 4;
    lines.push(`${words.slice(lines.length * 80, lines.length * 80 + 80)} é€😀${' \t'.repeat(blanks)}\n`);
    size += LINE_BYTES + 2 * blanks;
  }
  return Buffer.from(lines.join(''));
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * POSTs an archive as multipart with node:http and keeps the answer as bytes: parsing 128 MiB of JSON (or reading it
 * through fetch's web streams) in this process would stall the very event loop the probes measure. Each upload has a
 * connection of its own: a kept-alive one left idle while the last test hashed its answer for over 5 s (the server's
 * keep-alive timeout) was closed by the server just as the next upload wrote to it (ECONNRESET in CI).
 */
function uploadRaw(base: string, token: string, zip: Buffer, trim: boolean): Promise<{ status: number; body: Buffer[] }> {
  const boundary = `----zip-parse-load-${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="trimWhitespace"\r\n\r\n${trim}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="tests.zip"\r\n` +
      'Content-Type: application/zip\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = request(`${base}/api/problems/testcases/zip-parse`, {
      agent: false,
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': head.length + zip.length + tail.length,
      },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: chunks }));
    });
    req.write(head);
    req.write(zip);
    req.end(tail);
  });
}

describe('zip-parse under the archives of issue 20: refused, and the API stays responsive', () => {
  let t: TestApp;
  let admin: TestSession;
  let base: string;
  let nulArchive: Buffer;
  let textArchive: Buffer;
  /** Valid archives just under the 64 MiB limit: 120 pairs of 0.26 MiB files, and one pair of 31.5 MiB files. */
  const valid: Record<'manyPairs' | 'onePair', { zip: Buffer; pairs: [Buffer, Buffer][] }> = {} as never;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t);
    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    nulArchive = await issueArchive(Buffer.alloc(MiB), () => randomBytes(12 * 1024));
    textArchive = await issueArchive(Buffer.from('0\n'.repeat(MiB / 2)), () => Buffer.from(randomBytes(12 * 1024).toString('base64')));
    for (const [name, count, bytes] of [
      ['manyPairs', 120, 0.26 * MiB],
      ['onePair', 1, 31.5 * MiB],
    ] as const) {
      const pairs = Array.from({ length: count }, (): [Buffer, Buffer] => [noisyText(bytes), noisyText(bytes)]);
      const entries = pairs.flatMap(([input, output], i) => [
        { name: `${i + 1}.in`, content: input },
        { name: `${i + 1}.out`, content: output },
      ]);
      valid[name] = { zip: await buildZip(entries), pairs };
    }
  }, 180_000);
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
    for (const { zip, pairs } of Object.values(valid)) {
      const inflated = pairs.flat().reduce((sum, file) => sum + file.length, 0);
      expect(zip.length).toBeLessThan(64 * MiB);
      expect(inflated).toBeGreaterThan(62 * MiB);
      expect(inflated).toBeLessThanOrEqual(64 * MiB);
    }
  });

  /** The hash of each answer already read in full and found right, by archive and trimming. */
  const checkedAnswers = new Map<string, string>();

  /**
   * Checks the answer to a valid archive's upload: a 200 holding every pair, byte for byte (trimmed when asked). An
   * answer byte for byte the same as one already checked is right too: reading 128 MiB of JSON into strings took
   * seconds of CPU per upload, hashing its bytes a fraction of one.
   */
  function expectImported(name: keyof typeof valid, trim: boolean, { status, body: chunks }: { status: number; body: Buffer[] }): void {
    const answerHash = chunks.reduce((hash, chunk) => hash.update(chunk), createHash('sha256')).digest('hex');
    const key = `${name}:${trim}`;
    if (status === 200 && checkedAnswers.get(key) === answerHash) return;
    const body = Buffer.concat(chunks);
    if (status !== 200) throw new Error(`${name}: ${status} ${body.toString('utf8', 0, 500)}`);
    const result = JSON.parse(body.toString('utf8'));
    expect(result.testCases.map((test: { input: string; output: string }) => [sha256(test.input), sha256(test.output)])).toEqual(
      valid[name].pairs.map((pair) => pair.map((file) => (trim ? sha256(trimLineEnds(file.toString('utf8'))) : sha256(file)))),
    );
    expect(result.testCases.every((test: { points: number }) => test.points === 1)).toBe(true);
    expect(result).toMatchObject({ subtasks: [], warnings: [] });
    checkedAnswers.set(key, answerHash);
  }

  it.each([
    ['120 pairs', false, 'manyPairs'],
    ['120 pairs', true, 'manyPairs'],
    ['one pair', false, 'onePair'],
    ['one pair', true, 'onePair'],
  ] as const)(
    // The 200 ms probe budget is not asserted here yet: on the shared 2-core machine the worst probe still reached
    // 0.25-0.9 s (GC pauses, the 48 MB multipart concat), down from 1.1-2.2 s.
    'imports a valid archive of %s near 64 MiB byte for byte (trimming: %s)',
    async (_, trim, name) => {
      expectImported(name, trim, await uploadRaw(base, admin.accessToken, valid[name].zip, trim));
    },
    120_000,
  );

  it('imports three valid archives near 64 MiB at once, byte for byte', async () => {
    const uploads: [keyof typeof valid, boolean][] = [
      ['manyPairs', true],
      ['onePair', true],
      ['onePair', false],
    ];
    // Every upload is awaited even when one fails, so none runs on into the probes of the next test.
    const settled = await Promise.allSettled(uploads.map(([name, trim]) => uploadRaw(base, admin.accessToken, valid[name].zip, trim)));
    uploads.forEach(([name, trim], i) => {
      const outcome = settled[i];
      if (outcome.status === 'rejected') throw outcome.reason;
      expectImported(name, trim, outcome.value);
    });
  }, 180_000);

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

import { closeSync, fstatSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { PassThrough } from 'stream';

import { capturingToFile } from './run-supervision';

describe('capturingToFile', () => {
  let dir: string;
  let path: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'oj-capture-'));
    path = join(dir, 'stdout');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** Feeds `chunks` to a capture of cap `cap`; the file's content and how many times the cap was passed. */
  async function capture(chunks: Buffer[], cap: number, end: (stream: PassThrough) => void = (s) => s.end()) {
    const stream = new PassThrough();
    let overflows = 0;
    const done = capturingToFile(stream, path, cap, () => overflows++);
    for (const chunk of chunks) stream.write(chunk);
    end(stream);
    await done;
    return { content: readFileSync(path), overflows };
  }

  const KIB = 1024;
  const bytes = (size: number, fill: number) => Buffer.alloc(size, fill);

  it('writes a small output whole, and an empty one as an empty file', async () => {
    expect((await capture([Buffer.from('3\n'), Buffer.from('12\n')], 100)).content.toString()).toBe('3\n12\n');
    expect((await capture([], 100)).content.length).toBe(0);
  });

  it('writes an output larger than it holds whole, in order, through the stream to the file', async () => {
    const chunks = Array.from({ length: 40 }, (_, i) => bytes(8 * KIB, i));
    const { content, overflows } = await capture(chunks, 1024 * KIB);
    expect(content.equals(Buffer.concat(chunks))).toBe(true);
    expect(overflows).toBe(0);
  });

  it.each([
    ['a small cap', 10, [bytes(4, 1), bytes(4, 2), bytes(4, 3), bytes(4, 4)]],
    ['a cap passed after the output is streamed', 100 * KIB, Array.from({ length: 30 }, (_, i) => bytes(8 * KIB, i))],
  ])('keeps exactly the first cap bytes under %s and says so once', async (_name, cap, chunks) => {
    const { content, overflows } = await capture(chunks, cap);
    expect(content.equals(Buffer.concat(chunks).subarray(0, cap))).toBe(true);
    expect(overflows).toBe(1);
  });

  it('replaces the last output with a new file instead of truncating it', async () => {
    writeFileSync(path, bytes(32 * KIB, 7));
    const old = openSync(path, 'r');
    try {
      const { content } = await capture([Buffer.from('new\n')], 100);
      expect(content.toString()).toBe('new\n');
      // The old file was unlinked whole, not truncated: its blocks are dropped, not written out by ext4's
      // truncate-and-rewrite heuristic.
      expect(fstatSync(old)).toMatchObject({ nlink: 0, size: 32 * KIB });
      expect(statSync(path).mode & 0o777).toBe(0o600);
    } finally {
      closeSync(old);
    }
  });

  it('keeps what came before a stream was cut off, and settles', async () => {
    const { content } = await capture([Buffer.from('partial')], 100, (s) => s.destroy());
    expect(content.toString()).toBe('partial');
  });
});

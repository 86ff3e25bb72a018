import { Readable } from 'stream';
import { ZipFile } from 'yazl';

export type ZipEntry = { name: string; content: string | Buffer } | { name: string; stream: Readable; size?: number };

/**
 * Builds a ZIP archive in memory (entries may stream, so a bomb never exists inflated). Stored entries
 * (`compress: false`) make an archive as large on the wire as its content.
 */
export function buildZip(entries: ZipEntry[], { compress = true } = {}): Promise<Buffer> {
  const zip = new ZipFile();
  for (const entry of entries) {
    // A Buffer goes in as it is: copying the 240 MiB of an upload-limit test's entries cost seconds of CPU.
    if ('content' in entry)
      zip.addBuffer(typeof entry.content === 'string' ? Buffer.from(entry.content) : entry.content, entry.name, { compress });
    else zip.addReadStream(entry.stream, entry.name);
  }
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** A stream of `total` zero bytes, produced in 1 MiB chunks. */
export function zeros(total: number): Readable {
  const chunk = Buffer.alloc(1024 * 1024);
  let left = total;
  return new Readable({
    read() {
      if (left <= 0) return this.push(null);
      const n = Math.min(left, chunk.length);
      left -= n;
      this.push(n === chunk.length ? chunk : chunk.subarray(0, n));
    },
  });
}

import { Readable } from 'stream';
import * as yauzl from 'yauzl';

import { TOO_LARGE_MESSAGE, ZIP_LIMITS } from './zip-limits';

export interface ArchiveFile {
  path: string;
  content: Buffer;
}

export class ArchiveRejectedError extends Error {}

function openZip(buffer: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(buffer, { lazyEntries: true, decodeStrings: true, validateEntrySizes: true }, (err, zip) =>
      err || !zip ? reject(new ArchiveRejectedError('The uploaded file is not a valid ZIP archive.')) : resolve(zip),
    ),
  );
}

function isHostilePath(name: string): boolean {
  return name.startsWith('/') || name.startsWith('\\') || /^[A-Za-z]:/.test(name) || name.split(/[\\/]/).includes('..');
}

/** The archive's file entries from its central directory, refusing hostile names; nothing is inflated yet. */
function listFiles(zip: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    zip.on('error', (error: Error) => {
      // yauzl validates names itself; its messages end with the offending name.
      const unsafe = /^(absolute path|invalid relative path|invalid characters in fileName): (.*)$/.exec(error.message);
      reject(
        new ArchiveRejectedError(
          unsafe ? `The archive contains an unsafe path: ${unsafe[2]}` : 'The uploaded file is not a valid ZIP archive.',
        ),
      );
    });
    zip.on('end', () => resolve(entries));
    zip.on('entry', (entry: yauzl.Entry) => {
      if (isHostilePath(entry.fileName)) return reject(new ArchiveRejectedError(`The archive contains an unsafe path: ${entry.fileName}`));
      if (!entry.fileName.endsWith('/')) entries.push(entry);
      zip.readEntry();
    });
    zip.readEntry();
  });
}

/**
 * Reads every file of a ZIP archive into memory, refusing bombs and hostile names: more than 1,000 entries,
 * more than a problem's 64 MiB of test data inflated, an inflated/compressed ratio over 100, and absolute or
 * `..` paths. The sizes the central directory declares are summed before anything is inflated, so an archive
 * too large is refused at once; bytes are counted while inflating too, so a size that lies gains nothing.
 * Entries inflate one at a time through zlib's thread pool: the event loop only sees chunks.
 */
export async function readTestArchive(buffer: Buffer): Promise<ArchiveFile[]> {
  const zip = await openZip(buffer);
  try {
    if (zip.entryCount > ZIP_LIMITS.maxEntries)
      throw new ArchiveRejectedError(`The archive has more than ${ZIP_LIMITS.maxEntries} entries.`);
    const entries = await listFiles(zip);
    const declared = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
    if (declared > ZIP_LIMITS.maxUncompressedBytes) throw new ArchiveRejectedError(TOO_LARGE_MESSAGE);
    const counter = { inflated: 0, compressed: 0 };
    const files: ArchiveFile[] = [];
    for (const entry of entries) {
      counter.compressed += entry.compressedSize;
      files.push({ path: entry.fileName, content: await inflateEntry(zip, entry, counter) });
    }
    return files;
  } finally {
    zip.close();
  }
}

/** One entry's bytes, adding them to the archive's count and refusing the archive once past a limit. */
function inflateEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, counter: { inflated: number; compressed: number }): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (err, stream?: Readable) => {
      if (err || !stream) return reject(new ArchiveRejectedError(`Could not read ${entry.fileName} from the archive.`));
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        counter.inflated += chunk.length;
        const refusal = sizeRefusal(counter);
        if (!refusal) return chunks.push(chunk);
        stream.destroy();
        reject(new ArchiveRejectedError(refusal));
      });
      stream.on('error', () => reject(new ArchiveRejectedError(`Could not read ${entry.fileName} from the archive.`)));
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    }),
  );
}

function sizeRefusal({ inflated, compressed }: { inflated: number; compressed: number }): string | undefined {
  if (inflated > ZIP_LIMITS.maxUncompressedBytes) return TOO_LARGE_MESSAGE;
  if (inflated > ZIP_LIMITS.ratioCheckFloorBytes && inflated > ZIP_LIMITS.maxCompressionRatio * Math.max(compressed, 1)) {
    return `The archive's compression ratio exceeds ${ZIP_LIMITS.maxCompressionRatio}:1 (possible zip bomb).`;
  }
  return undefined;
}

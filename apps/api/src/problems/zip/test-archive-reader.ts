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

/**
 * Reads every file of a ZIP archive into memory, refusing bombs and hostile names: more than 1,000 entries,
 * more than a problem's 64 MiB of test data inflated, an inflated/compressed ratio over 100, and absolute or
 * `..` paths. The size is refused as soon as an entry's declared size would pass it, before inflating that
 * entry, and is counted while inflating too, so a header that lies gains nothing. Entries inflate one at a time
 * through zlib's thread pool: the event loop only sees chunks.
 */
export async function readTestArchive(buffer: Buffer): Promise<ArchiveFile[]> {
  const zip = await openZip(buffer);
  if (zip.entryCount > ZIP_LIMITS.maxEntries) {
    zip.close();
    throw new ArchiveRejectedError(`The archive has more than ${ZIP_LIMITS.maxEntries} entries.`);
  }
  const files: ArchiveFile[] = [];
  let inflated = 0;
  let compressed = 0;

  const checkRatio = () => {
    if (inflated > ZIP_LIMITS.ratioCheckFloorBytes && inflated > ZIP_LIMITS.maxCompressionRatio * Math.max(compressed, 1)) {
      throw new ArchiveRejectedError(`The archive's compression ratio exceeds ${ZIP_LIMITS.maxCompressionRatio}:1 (possible zip bomb).`);
    }
  };

  const readEntry = (entry: yauzl.Entry): Promise<Buffer> =>
    new Promise((resolve, reject) =>
      zip.openReadStream(entry, (err, stream?: Readable) => {
        if (err || !stream) return reject(new ArchiveRejectedError(`Could not read ${entry.fileName} from the archive.`));
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => {
          inflated += chunk.length;
          try {
            if (inflated > ZIP_LIMITS.maxUncompressedBytes) throw new ArchiveRejectedError(TOO_LARGE_MESSAGE);
            checkRatio();
          } catch (error) {
            stream.destroy();
            return reject(error);
          }
          chunks.push(chunk);
        });
        stream.on('error', () => reject(new ArchiveRejectedError(`Could not read ${entry.fileName} from the archive.`)));
        stream.on('end', () => resolve(Buffer.concat(chunks)));
      }),
    );

  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', (error: Error) => {
        // yauzl validates names itself; its messages end with the offending name.
        const unsafe = /^(absolute path|invalid relative path|invalid characters in fileName): (.*)$/.exec(error.message);
        reject(
          new ArchiveRejectedError(
            unsafe ? `The archive contains an unsafe path: ${unsafe[2]}` : 'The uploaded file is not a valid ZIP archive.',
          ),
        );
      });
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        if (isHostilePath(entry.fileName))
          return reject(new ArchiveRejectedError(`The archive contains an unsafe path: ${entry.fileName}`));
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        if (inflated + entry.uncompressedSize > ZIP_LIMITS.maxUncompressedBytes) return reject(new ArchiveRejectedError(TOO_LARGE_MESSAGE));
        compressed += entry.compressedSize;
        readEntry(entry)
          .then((content) => {
            files.push({ path: entry.fileName, content });
            zip.readEntry();
          })
          .catch(reject);
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  return files;
}

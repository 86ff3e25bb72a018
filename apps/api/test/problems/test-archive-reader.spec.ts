import { buildZip } from '@oj/api-testing';
import { randomBytes } from 'crypto';

import { readTestArchive } from '../../src/problems/zip/test-archive-reader';
import { ZIP_LIMITS } from '../../src/problems/zip/zip-limits';

const MiB = 1024 * 1024;
const TOO_LARGE = 'The archive inflates to more than 64 MiB of test data, the most a problem may hold.';

describe('readTestArchive size limit', () => {
  it('is the test data a problem may hold', () => {
    expect(ZIP_LIMITS.maxUncompressedBytes).toBe(64 * MiB);
  });

  it('refuses an entry that would pass the limit even when the ratio looks harmless', async () => {
    jest.replaceProperty(ZIP_LIMITS as { maxUncompressedBytes: number }, 'maxUncompressedBytes', MiB);
    const zip = await buildZip([{ name: '1.in', content: randomBytes(2 * MiB) }]);
    await expect(readTestArchive(zip)).rejects.toThrow(TOO_LARGE);
  });

  it('counts every entry towards the limit', async () => {
    jest.replaceProperty(ZIP_LIMITS as { maxUncompressedBytes: number }, 'maxUncompressedBytes', MiB);
    const half = { content: randomBytes(MiB / 2) };
    await expect(
      readTestArchive(
        await buildZip([
          { name: '1.in', ...half },
          { name: '1.out', ...half },
        ]),
      ),
    ).resolves.toHaveLength(2);
    const over = await buildZip([
      { name: '1.in', ...half },
      { name: '1.out', ...half },
      { name: 'notes.txt', content: 'x' },
    ]);
    await expect(readTestArchive(over)).rejects.toThrow(TOO_LARGE);
  });
});

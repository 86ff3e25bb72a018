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

  describe('lowered to 1 MiB', () => {
    // The limits are one object for every test file the worker runs (tools/jest/shared-modules): set back after each.
    const limits = ZIP_LIMITS as { maxUncompressedBytes: number };
    const limit = limits.maxUncompressedBytes;
    beforeEach(() => (limits.maxUncompressedBytes = MiB));
    afterEach(() => (limits.maxUncompressedBytes = limit));

    it('refuses an entry that would pass the limit even when the ratio looks harmless', async () => {
      const zip = await buildZip([{ name: '1.in', content: randomBytes(2 * MiB) }]);
      await expect(readTestArchive(zip)).rejects.toThrow(TOO_LARGE);
    });

    it('counts every entry towards the limit', async () => {
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
});

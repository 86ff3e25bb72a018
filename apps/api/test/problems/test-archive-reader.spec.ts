import { randomBytes } from 'crypto';

import { readTestArchive } from '../../src/problems/zip/test-archive-reader';
import { ZIP_LIMITS } from '../../src/problems/zip/zip-limits';
import { buildZip } from './zip-builder';

describe('readTestArchive size limit', () => {
  it('stops inflating past the uncompressed limit even when the ratio looks harmless', async () => {
    jest.replaceProperty(ZIP_LIMITS as { maxUncompressedBytes: number }, 'maxUncompressedBytes', 1024 * 1024);
    const zip = await buildZip([{ name: '1.in', content: randomBytes(2 * 1024 * 1024) }]);
    await expect(readTestArchive(zip)).rejects.toThrow('The archive expands to more than 256 MiB.');
  });
});

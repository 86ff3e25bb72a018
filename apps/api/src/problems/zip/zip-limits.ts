import { MAX_TEST_DATA_BYTES } from '@oj/contracts';

/** Refusal thresholds of the test-archive import: beyond them an archive is treated as hostile. */
export const ZIP_LIMITS = {
  maxEntries: 1000,
  /**
   * Everything the archive inflates to, counted while inflating: no more than a problem may hold, so one import
   * never holds, decodes or serialises more than a problem save would (issue 20: 256 MiB froze the API).
   */
  maxUncompressedBytes: MAX_TEST_DATA_BYTES,
  maxCompressionRatio: 100,
  /** Below this many inflated bytes a high ratio is harmless (a long run of "0\n" compresses 500:1). */
  ratioCheckFloorBytes: 1024 * 1024,
  /** Imports one API instance runs at once (ZipImportGate), each holding up to maxUncompressedBytes; and how many may wait. */
  importsAtOnce: 2,
  importsWaiting: 8,
  /** Multer's limits for the multipart upload: one file, and only the small trimWhitespace field beside it. */
  upload: { fileSize: 64 * 1024 * 1024, files: 1, fields: 4, fieldSize: 1024, parts: 5 },
} as const;

/** The refusal of an archive that inflates past maxUncompressedBytes, naming the limit. */
export const TOO_LARGE_MESSAGE = `The archive inflates to more than ${ZIP_LIMITS.maxUncompressedBytes / (1024 * 1024)} MiB of test data, the most a problem may hold.`;

/** Refusal thresholds of the test-archive import: beyond them an archive is treated as hostile. */
export const ZIP_LIMITS = {
  maxEntries: 1000,
  maxUncompressedBytes: 256 * 1024 * 1024,
  maxCompressionRatio: 100,
  /** Below this many inflated bytes a high ratio is harmless (a long run of "0\n" compresses 500:1). */
  ratioCheckFloorBytes: 1024 * 1024,
  /** Multer's limits for the multipart upload: one file, and only the small trimWhitespace field beside it. */
  upload: { fileSize: 64 * 1024 * 1024, files: 1, fields: 4, fieldSize: 1024, parts: 5 },
} as const;

import { isUtf8 } from 'buffer';

/**
 * What test data may hold, wherever it comes from (a problem's JSON, an imported archive, a validation run): the
 * judge compares text line by line, and PostgreSQL text columns refuse NUL (0x00), which made such data a 500.
 */
export const TEST_DATA_TEXT_RULE = 'must be UTF-8 text without NUL bytes (0x00)';

/** Whether a string can be test data (JSON strings are already Unicode: the body check refuses lone surrogates). */
export function isTestDataText(text: string): boolean {
  return !text.includes('\u0000');
}

/** Why a file's bytes cannot be test data, or undefined when they can. Both checks are native scans. */
export function whyNotText(content: Buffer): 'NUL bytes' | 'not UTF-8' | undefined {
  if (content.includes(0)) return 'NUL bytes';
  if (!isUtf8(content)) return 'not UTF-8';
  return undefined;
}

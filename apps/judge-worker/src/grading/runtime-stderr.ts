import { RUNTIME_STDERR_MAX_BYTES } from '@oj/contracts';

/**
 * What a runtime error printed on stderr, as a result keeps it: its first RUNTIME_STDERR_MAX_BYTES, nothing when
 * it printed nothing. The traceback is what tells a contestant why "Exit code 1".
 */
export function runtimeStderr(stderr: Buffer): { stderr?: string } {
  if (!stderr.length) return {};
  return { stderr: stderr.subarray(0, RUNTIME_STDERR_MAX_BYTES).toString('utf8') };
}

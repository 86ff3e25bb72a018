import { canSeeResult, type Viewer } from '@oj/contracts';

/**
 * Whether a contest's freeze hides this submission's result from the viewer: the API then sends it as if queued
 * (score 0), which the SPA shows as "Frozen". The shared rule the API masks the row by (canSeeResult).
 */
export function resultHiddenFrom(row: { userId: string | null; frozen?: boolean }, viewer: Viewer): boolean {
  return !canSeeResult(row, viewer);
}

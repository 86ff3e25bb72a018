import { canViewSource, type Viewer } from '@oj/contracts';

/**
 * Whether a contest's freeze hides this submission's result from the viewer: the API then sends it as if queued
 * (score 0), which the SPA shows as "Frozen". Its submitter and admins see the result (the same rule as the API's).
 */
export function resultHiddenFrom(row: { userId: string | null; frozen?: boolean }, viewer: Viewer): boolean {
  // A deleted user's row (userId null) is nobody's own.
  return !!row.frozen && !canViewSource({ userId: row.userId ?? '' }, viewer);
}

import { TestCaseStatus, testCaseStatusLabel } from '@oj/contracts';

/** A submission's status, or a test's (which may also be `skipped`). */
export function StatusBadge({ status }: { status: TestCaseStatus }) {
  return <span className={`badge status-${status}`}>{testCaseStatusLabel(status) ?? status}</span>;
}

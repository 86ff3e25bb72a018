import { TestCaseStatus, testCaseStatusLabel } from '@oj/contracts';

/**
 * A submission's status, or a test's (which may also be `skipped`); with `failedTest`, where it failed, as
 * Codeforces says it: "Wrong Answer on test 3".
 */
export function StatusBadge({ status, failedTest }: { status: TestCaseStatus; failedTest?: number | null }) {
  const label = testCaseStatusLabel(status) ?? status;
  return <span className={`badge status-${status}`}>{failedTest ? `${label} on test ${failedTest}` : label}</span>;
}

import { TestCaseStatus, testCaseStatusLabel } from '@oj/contracts';

interface StatusBadgeProps {
  status: TestCaseStatus;
  failedTest?: number | null;
  /** A contest's freeze hides the result from this viewer: "Frozen", as the board says, not the stand-in "Queued". */
  frozen?: boolean;
}

/**
 * A submission's status, or a test's (which may also be `skipped`); with `failedTest`, where it failed, as
 * Codeforces says it: "Wrong Answer on test 3".
 */
export function StatusBadge({ status, failedTest, frozen = false }: StatusBadgeProps) {
  if (frozen)
    return (
      <span className="badge status-frozen" title="Hidden by the contest's freeze until the board is unfrozen">
        Frozen
      </span>
    );
  const label = testCaseStatusLabel(status) ?? status;
  return <span className={`badge status-${status}`}>{failedTest ? `${label} on test ${failedTest}` : label}</span>;
}

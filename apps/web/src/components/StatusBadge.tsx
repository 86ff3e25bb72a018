import { SUBMISSION_STATUS_LABELS, SubmissionStatus } from '@oj/contracts';

export function StatusBadge({ status }: { status: SubmissionStatus }) {
  return <span className={`badge status-${status}`}>{SUBMISSION_STATUS_LABELS[status] ?? status}</span>;
}

/** Lifecycle and final states of a submission (SPEC 4 "Submission statuses"). */
/** `ole`: output limit exceeded (more standard output than the problem's `outputLimit` in one test). */
export const SUBMISSION_STATUSES = ['queued', 'running', 'accepted', 'wrong_answer', 'tle', 'ole', 'rte', 'ce', 'failed'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/** A test's status: a submission's, or `skipped` when its `min` subtask already failed. */
export const TEST_CASE_STATUSES = [...SUBMISSION_STATUSES, 'skipped'] as const;
export type TestCaseStatus = (typeof TEST_CASE_STATUSES)[number];

export const FINAL_STATUSES: readonly SubmissionStatus[] = ['accepted', 'wrong_answer', 'tle', 'ole', 'rte', 'ce', 'failed'];

export function isFinalStatus(status: SubmissionStatus): boolean {
  return FINAL_STATUSES.includes(status);
}

/** Labels the SPA shows for each status. */
export const SUBMISSION_STATUS_LABELS: Record<SubmissionStatus, string> = {
  queued: 'Queued',
  running: 'Grading…',
  accepted: 'Accepted',
  wrong_answer: 'Wrong Answer',
  tle: 'Time Limit',
  ole: 'Output Limit',
  rte: 'Runtime Error',
  ce: 'Compile Error',
  failed: 'Failed',
};

export function testCaseStatusLabel(status: TestCaseStatus): string {
  return status === 'skipped' ? 'Skipped' : SUBMISSION_STATUS_LABELS[status];
}

/** The upper-case verdict text stored beside the status. */
export const VERDICT_BY_STATUS: Record<SubmissionStatus, string> = {
  queued: 'PENDING',
  running: 'RUNNING',
  accepted: 'ACCEPTED',
  wrong_answer: 'WRONG_ANSWER',
  tle: 'TIME_LIMIT_EXCEEDED',
  ole: 'OUTPUT_LIMIT_EXCEEDED',
  rte: 'RUNTIME_ERROR',
  ce: 'COMPILE_ERROR',
  failed: 'FAILED',
};

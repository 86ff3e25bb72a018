import { SubmissionStatus, TestCaseStatus } from './submission-status';

/**
 * Judge0 CE status ids. Validation results (`cases[].s`) use them on both engines,
 * so the SPA reads one vocabulary whichever engine graded the run.
 */
export const JUDGE0_STATUS = {
  IN_QUEUE: 1,
  PROCESSING: 2,
  ACCEPTED: 3,
  WRONG_ANSWER: 4,
  TIME_LIMIT_EXCEEDED: 5,
  COMPILATION_ERROR: 6,
  RUNTIME_ERROR_SIGSEGV: 7,
  RUNTIME_ERROR_SIGXFSZ: 8,
  RUNTIME_ERROR_SIGFPE: 9,
  RUNTIME_ERROR_SIGABRT: 10,
  RUNTIME_ERROR_NZEC: 11,
  RUNTIME_ERROR_OTHER: 12,
  INTERNAL_ERROR: 13,
  EXEC_FORMAT_ERROR: 14,
} as const;

/** Skipped is our own code 0: a test not run because compilation failed or its `min` subtask already failed. */
export const VALIDATION_SKIPPED = 0;

/** SPEC 4 "Test-case validation status labels". */
export function validationStatusLabel(code: number): string {
  if (code === 0) return 'Skipped';
  if (code === 3) return 'Accepted';
  if (code === 4 || code === 13 || code === 14) return 'Wrong Answer';
  if (code === 5) return 'Time Limit';
  if (code === JUDGE0_STATUS.RUNTIME_ERROR_SIGXFSZ) return 'Output Limit';
  if (code === 6 || code === 15) return 'Compile Error';
  if (code >= 7 && code <= 12) return 'Runtime Error';
  return `Status ${code}`;
}

/** Judge0 status id → our test/submission status. */
export function statusFromJudge0(id: number): SubmissionStatus {
  if (id === 3) return 'accepted';
  if (id === 4) return 'wrong_answer';
  if (id === 5) return 'tle';
  if (id === 6) return 'ce';
  if (id === JUDGE0_STATUS.RUNTIME_ERROR_SIGXFSZ) return 'ole';
  if (id >= 7 && id <= 12) return 'rte';
  if (id === 1) return 'queued';
  if (id === 2) return 'running';
  return 'failed';
}

/**
 * Our test status → the Judge0 status id reported in validation results. Judge0 has no output-limit status: `ole` is
 * 8, "Runtime Error (SIGXFSZ)", which is what Judge0 itself reports when a program's output passes its
 * `max_file_size` (its sandbox writes stdout to a file), and 8 reads back as `ole`.
 */
export function judge0FromStatus(status: TestCaseStatus): number {
  switch (status) {
    case 'skipped':
      return VALIDATION_SKIPPED;
    case 'accepted':
      return JUDGE0_STATUS.ACCEPTED;
    case 'wrong_answer':
      return JUDGE0_STATUS.WRONG_ANSWER;
    case 'tle':
      return JUDGE0_STATUS.TIME_LIMIT_EXCEEDED;
    case 'ole':
      return JUDGE0_STATUS.RUNTIME_ERROR_SIGXFSZ;
    case 'ce':
      return JUDGE0_STATUS.COMPILATION_ERROR;
    case 'rte':
      return JUDGE0_STATUS.RUNTIME_ERROR_OTHER;
    case 'queued':
      return JUDGE0_STATUS.IN_QUEUE;
    case 'running':
      return JUDGE0_STATUS.PROCESSING;
    default:
      return JUDGE0_STATUS.INTERNAL_ERROR;
  }
}

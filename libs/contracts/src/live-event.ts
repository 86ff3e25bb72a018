import { TestCaseResult } from './judging';
import { SubmissionStatus } from './submission-status';
import { SubtaskResult } from './subtasks';
import type { Percent, RatingPoints, RawPoints } from './units';

export type LiveEventType = 'created' | 'running' | 'progress' | 'finished';

/** The problem a submission row links to (null once the problem is gone). */
export interface SubmissionProblemRef {
  id: string;
  title: string;
  problemId: number;
}

/** Grading progress while running: tests done and total. */
export interface GradingProgress {
  done: number;
  total: number;
}

/** Submission fields that travel in list rows and live events (never the source). */
export interface SubmissionRow {
  id: string;
  _id: string;
  userId: string | null;
  userName: string | null;
  /** The author's current rating, for their tier colour; null: unrated or deleted. */
  userRating: RatingPoints | null;
  problemId: number;
  problemTitle: string | null;
  problem: SubmissionProblemRef | null;
  language: string;
  languageId: number;
  verdict: string;
  status: SubmissionStatus;
  score: number;
  runtimeMs: number | null;
  memoryKB: number | null;
  sourceLen: number;
  createdAt: string;
  submittedAt: string;
  queuedAt: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  /** When an admin last had it judged again; null or absent: never. */
  rejudgedAt?: string | null;
  updatedAt: string;
  progress?: GradingProgress | null;
  /**
   * The first failing test's number, from 1 ("Wrong answer on test 3"); null when no test failed (accepted, a
   * compile error) or there is no result yet. Public like the status, hidden with it by a freeze.
   */
  failedTest?: number | null;
  /**
   * True while its contest's freeze hides the result (absent otherwise). Its submitter and admins see the result;
   * everyone else sees it pending: status `queued`, verdict `PENDING`, score 0, no time, memory, start, finish,
   * rejudge or per-test results, and queuedAt and updatedAt at its creation (when it was judged would tell how far
   * an ICPC submission got), until an admin unfreezes the board.
   */
  frozen?: boolean;
}

/** What workers publish and SSE clients receive (SPEC 3 "Live event"). */
export interface LiveEvent extends SubmissionRow {
  eventId: string;
  emittedAt: string;
  _eventType: LiveEventType;
  eventType: LiveEventType;
}

/** Score and per-test results of a graded submission; the message is compiler output or the first failing test. */
/** A submission's stored result (`result_summary`): its score, every test, and points per subtask where it has them. */
export interface ResultSummary {
  score: Percent;
  /** Raw points earned, out of `totalPoints`: this grading's own, so a later edit of the tests changes neither. */
  earnedPoints: RawPoints;
  totalPoints: RawPoints;
  cases: TestCaseResult[];
  message?: string;
  /** Points earned per subtask, for a problem with subtasks. */
  subtasks?: SubtaskResult[];
}

export interface SubmissionDetail extends SubmissionRow {
  canViewSource: boolean;
  source?: string;
  testCaseResults: TestCaseResult[];
  resultSummary: ResultSummary | null;
}

export interface SubmissionEnvelope {
  submission: SubmissionDetail;
}

/** Answer to a new submission or a re-submission. */
export interface SubmissionCreated {
  submissionId: string;
}

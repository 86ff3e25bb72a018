/** What a rejudge request answers: how many submissions were queued again (1 for one submission). */
export interface RejudgeQueued {
  queued: number;
}

/**
 * The latest rejudge of a problem's submissions (`GET /api/problems/{problemId}/rejudge`): every submission
 * rejudged since it began, and how many of them have their new result.
 */
export interface RejudgeProgress {
  total: number;
  done: number;
  pending: number;
}

import { type SubmissionRow, VERDICT_BY_STATUS } from '@oj/contracts';
import type { ContestEntity, SubmissionEntity } from '@oj/db';

import { canSeeResult, canViewSource, type ContestGate, isAdmin, type Viewer } from './access-policy';

/** Admins see the live board, frozen or not; everyone else the public one while it is frozen. */
export function canSeeLiveBoard(viewer: Viewer): boolean {
  return isAdmin(viewer);
}

/**
 * A private contest without an access code is by invitation: there is no code to hand out, so only admins add its
 * participants (POST /api/contests/{contestId}/participants), and it exists for them and admins alone (canSeeContest).
 */
export function isInviteOnly(contest: Pick<ContestEntity, 'isPublic' | 'accessCode'>): boolean {
  return !contest.isPublic && !contest.accessCode;
}

/** Whether the caller may register themselves (with the access code, where there is one). */
export function canSelfRegister(contest: Pick<ContestEntity, 'isPublic' | 'accessCode'>, viewer: Viewer): boolean {
  return isAdmin(viewer) || !isInviteOnly(contest);
}

/** A clarification as the rules read it: its asker (null: an admin's notice), whether it is public and answered. */
export interface ClarificationAccess {
  askerId: string | null;
  isPublic: boolean;
  answered: boolean;
}

/**
 * Who reads a clarification: admins every one; its asker their own, answered or not; and a public answer or notice
 * those it was given to: the contest's participants (registered, or on a virtual run: `takesPart`), and after the
 * end of a public contest everyone, as the problems it speaks of are then everyone's (practice); a private contest's
 * stay with those it admitted (canReadContestProblems). While the contest is on, a guest or a
 * user outside it reads none: a clarification about a private problem tells of its statement. A private answer or
 * notice stays with its asker and admins. visibleClarificationsWhere says the same in SQL.
 */
export function canSeeClarification(
  viewer: Viewer,
  clarification: ClarificationAccess,
  contest: Pick<ContestEntity, 'isPublic' | 'endsAt'>,
  takesPart: boolean,
  now: Date,
): boolean {
  if (canSeeClarificationAsker(viewer, clarification)) return true;
  return clarification.isPublic && clarification.answered && (takesPart || (contest.isPublic && now >= contest.endsAt));
}

/** Admins and the asker: they read the clarification, whatever it is, and its asker's name; others read a public one unsigned. */
export function canSeeClarificationAsker(viewer: Viewer, clarification: Pick<ClarificationAccess, 'askerId'>): boolean {
  return isAdmin(viewer) || (!!viewer && clarification.askerId === viewer.id);
}

/**
 * A frozen row as those who may not see its result see it: pending, as if still queued since it was made, with
 * nothing of the result and no time of its judging (SubmissionRow.frozen states the shape). ICPC judging stops at
 * the first failing test, so when a submission was judged, or how long that took, tells how far it got: every
 * instant after its creation reads as its creation, and none of its judging's writes is news to these viewers (the
 * updates polls compare shownUpdatedAtSql, the streams send them its creation alone).
 */
export function pendingRow<T extends SubmissionRow>(row: T): T {
  const { progress: _progress, ...rest } = row;
  return {
    ...(rest as T),
    status: 'queued',
    verdict: VERDICT_BY_STATUS.queued,
    score: 0,
    runtimeMs: null,
    memoryKB: null,
    failedTest: null,
    queuedAt: row.createdAt,
    startedAt: null,
    finishedAt: null,
    rejudgedAt: null,
    updatedAt: row.createdAt,
    frozen: true,
  };
}

/** The row as the viewer may see it: itself, or pending while its contest's freeze hides the result from them. */
export function rowSeenBy<T extends SubmissionRow>(row: T, viewer: Viewer): T {
  return canSeeResult(row, viewer) ? row : pendingRow(row);
}

/**
 * A contest submission's per-test results, like its source, are for its submitter and admins until the contest's
 * end (as on Codeforces), even on a public problem; `contest` is the submission's contest, or null for none.
 */
export function canSeeTestResults(
  submission: Pick<SubmissionEntity, 'userId'>,
  contest: Pick<ContestEntity, 'endsAt'> | null,
  viewer: Viewer,
  now: Date,
): boolean {
  return !contest || now >= contest.endsAt || canViewSource(submission, viewer);
}

/**
 * Whether a submission may be re-submitted now. A re-submission runs the same source outside any contest, where
 * everyone who sees the problem sees its verdict and tests: so not while the original's contest still hides them
 * from others (its result under a freeze not yet lifted, its per-test results until the contest's end), whoever
 * asks, or the re-submission would be a side door to them.
 */
export function resubmitRevealsNothing(
  submission: Pick<SubmissionEntity, 'frozen' | 'contestId'>,
  contest: Pick<ContestEntity, 'endsAt'> | null,
  now: Date,
): boolean {
  return !submission.frozen && (submission.contestId === null || !contest || now >= contest.endsAt);
}

/** The contest as the shared contest rules (libs/contracts access) read it. */
export function contestGate(contest: Pick<ContestEntity, 'isPublic' | 'accessCode' | 'startsAt' | 'endsAt'>): ContestGate {
  return { isPublic: contest.isPublic, inviteOnly: isInviteOnly(contest), startsAt: contest.startsAt, endsAt: contest.endsAt };
}

import type { Role } from '../errors';

/**
 * Who may see or change what (SPEC 6), decided here and only here: the API enforces these rules (its access module
 * says the same in SQL for lists, counts and feeds) and the SPA reads them to offer only what the API will allow.
 * The role is the caller's current one (the API's auth guard reads it on every request), so a demoted admin keeps
 * exactly an author's rights: editing their own public problems. Private problems, test cases and visibility are
 * for admins, and so is setting code that reads the tests (a custom checker); a submission's source is for its
 * submitter and admins.
 */

/** Whoever is asking: a signed-in user, or undefined for a guest. */
export type Viewer = { id: string; role: Role } | undefined;

/** What the rules read of a problem, a submission and a profile's owner. */
type ProblemAccess = { isPublic: boolean };
type AuthoredProblem = ProblemAccess & { authorId: string | null | undefined };
type SubmissionAccess = { userId: string | null };
type ProfileOwner = { id: string; profilePublic: boolean };

export function isAdminRole(role: Role): boolean {
  return role === 'admin';
}

export function isAdmin(user: { role: Role } | null | undefined): boolean {
  return !!user && isAdminRole(user.role);
}

export function canSeeProblem(problem: ProblemAccess, viewer: Viewer): boolean {
  return problem.isPublic || isAdmin(viewer);
}

export function canEditProblem(problem: AuthoredProblem, viewer: Viewer): boolean {
  return !!viewer && canSeeProblem(problem, viewer) && (isAdmin(viewer) || problem.authorId === viewer.id);
}

export function canSeeTestCases(viewer: Viewer): boolean {
  return isAdmin(viewer);
}

/**
 * Author code the judge runs beside a problem's hidden tests (a custom checker, an interactor) can read them and
 * leak them, through its messages or bit by bit through verdicts: only those who may read the tests may set or
 * change it.
 */
export function canSetTestReadingCode(viewer: Viewer): boolean {
  return canSeeTestCases(viewer);
}

/**
 * The source of that code, once saved: only those who may read the tests set it, and it may hold them (a checker
 * with the answers written in), so it is read as the tests are, in every response and in the package.
 */
export function canReadTestReadingCode(viewer: Viewer): boolean {
  return canSeeTestCases(viewer);
}

/**
 * A problem's package (issue 24): for admins and its author. It holds what the downloader may read and no more: the
 * hidden tests and the jury code only for those who may read them (canSeeTestCases, canReadTestReadingCode), as
 * GET /api/problems/{id}?includePrivate=true gives them (issue 32: an author demoted from admin reads neither).
 */
export function canDownloadPackage(problem: AuthoredProblem, viewer: Viewer): boolean {
  return canEditProblem(problem, viewer);
}

export function canChangeVisibility(viewer: Viewer): boolean {
  return isAdmin(viewer);
}

/** Source, compiler output, a runtime error's stderr and checker messages of a submission. */
export function canViewSource(submission: SubmissionAccess, viewer: Viewer): boolean {
  return !!viewer && (isAdmin(viewer) || submission.userId === viewer.id);
}

/**
 * Whether the viewer sees a submission's result: unless its contest's freeze hides it (`frozen`, set for official
 * submissions made during the freeze and cleared by the unfreeze), from all but its submitter and admins. The API
 * masks the row by it; the SPA reads it to say "Frozen" rather than the stand-in "Queued".
 */
export function canSeeResult(submission: SubmissionAccess & { frozen?: boolean }, viewer: Viewer): boolean {
  return !submission.frozen || canViewSource(submission, viewer);
}

/** A submission's row (without source) is seen wherever its problem is; its submitter always sees it. */
export function canSeeSubmission(submission: SubmissionAccess, problem: ProblemAccess | null, viewer: Viewer): boolean {
  return canViewSource(submission, viewer) || (!!problem && canSeeProblem(problem, viewer));
}

/** Re-submitting runs the same source again, so it is for those who may read that source. */
export function canResubmit(submission: SubmissionAccess, viewer: Viewer): boolean {
  return canViewSource(submission, viewer);
}

/** A private profile's dashboard is for its owner and admins. */
export function canSeeProfile(owner: ProfileOwner, viewer: Viewer): boolean {
  return owner.profilePublic || viewer?.id === owner.id || isAdmin(viewer);
}

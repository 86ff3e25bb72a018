/**
 * Who may see or change what (SPEC 6): the pure rules live in libs/contracts (access/access-policy.ts), where the
 * SPA reads the same ones to offer only what the API allows. They are named here so the API's callers, access-sql.ts
 * and contest-access.ts keep importing every rule from this module.
 */
export {
  canChangeVisibility,
  canDownloadPackage,
  canEditProblem,
  canReadContestProblem,
  canReadContestProblems,
  canReadTestReadingCode,
  canResubmit,
  canSeeContest,
  canSeeProblem,
  canSeeProfile,
  canSeeResult,
  canSeeSubmission,
  canSeeTestCases,
  canSetTestReadingCode,
  canViewSource,
  type ContestGate,
  contestHidesProblem,
  type ContestSeat,
  type ContestSeats,
  isAdmin,
  isAdminRole,
  isAdmittedTo,
  isBoardFrozen,
  type Viewer,
} from '@oj/contracts';

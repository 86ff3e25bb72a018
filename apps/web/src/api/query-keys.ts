/**
 * Every react-query key of the SPA, in one place: a key written twice by hand drifts, and then an invalidation
 * silently misses what it was meant to refresh. Keys are arrays from general to specific, so invalidating a
 * prefix (`queryKeys.problem(7)`) refreshes every variant of it.
 */
export const queryKeys = {
  me: () => ['me'] as const,
  languages: () => ['languages'] as const,
  algorithms: () => ['algorithms'] as const,
  problems: () => ['problems'] as const,
  problemList: (visibility: string, difficulty: string) => ['problems', visibility, difficulty] as const,
  problem: (problemId: number) => ['problem', problemId] as const,
  /** A problem as one viewer sees it (test cases depend on who asks); `purpose` keeps the edit form's copy apart. */
  problemFor: (problemId: number, viewerId: string | null, purpose: 'view' | 'edit' = 'view') =>
    ['problem', problemId, viewerId, purpose] as const,
  submission: (id: string) => ['submission', id] as const,
  rejudgeProgress: (problemId: number) => ['rejudge', problemId] as const,
  submissionPage: (source: unknown, page: number) => ['submissions', source, page] as const,
  dashboardSummary: (year: number) => ['dashboard', 'summary', year] as const,
  dashboardHeatmap: (year: number) => ['dashboard', 'heatmap', year] as const,
  userDashboard: (username: string) => ['user-dashboard', username] as const,
  adminUsers: () => ['admin-users'] as const,
  adminSecurity: () => ['admin-security'] as const,
  announcements: () => ['announcements'] as const,
  problemUpdates: () => ['problem-updates'] as const,
};

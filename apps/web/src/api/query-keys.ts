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
  /** One page of the archive as its URL describes it (search, filters, sort, page). */
  problemList: (view: object) => ['problems', 'list', view] as const,
  problem: (problemId: number) => ['problem', problemId] as const,
  /** A problem as one viewer sees it (test cases depend on who asks); `purpose` keeps the edit form's copy apart. */
  problemFor: (problemId: number, viewerId: string | null, purpose: 'view' | 'edit' = 'view') =>
    ['problem', problemId, viewerId, purpose] as const,
  submission: (id: string) => ['submission', id] as const,
  rejudgeProgress: (problemId: number) => ['rejudge', problemId] as const,
  submissionPage: (source: unknown, page: number) => ['submissions', source, page] as const,
  dashboardSummary: (year: number) => ['dashboard', 'summary', year] as const,
  dashboardHeatmap: (year: number) => ['dashboard', 'heatmap', year] as const,
  /** A user's profile with one UTC year's heatmap. */
  userDashboard: (username: string, year: number) => ['user-dashboard', username, year] as const,
  /** The signed-in user's editor settings; per user, so another account never reads the last one's. */
  preferences: (userId: string) => ['preferences', userId] as const,
  /** A user's submissions to one problem, which their submission page offers to compare with. */
  comparableSubmissions: (userId: string, problemId: number) => ['submissions', 'comparable', userId, problemId] as const,
  /** A submission's source alone (the similarity view's sides): kept apart from its detail, which is always refetched. */
  submissionSource: (id: string) => ['submission', id, 'source'] as const,
  /** A contest's similarity reports, a page of every report (of a contest or problem), and one report with its pairs. */
  similarityReports: (contestId: number) => ['similarity', 'contest', contestId] as const,
  similarityReportList: (contestId: number | undefined, problemId: number | undefined, page: number) =>
    ['similarity', 'list', contestId ?? null, problemId ?? null, page] as const,
  similarityReport: (reportId: string) => ['similarity', 'report', reportId] as const,
  adminUsers: () => ['admin-users'] as const,
  adminSecurity: () => ['admin-security'] as const,
  announcements: () => ['announcements'] as const,
  problemUpdates: () => ['problem-updates'] as const,
  contests: () => ['contests'] as const,
  /** Every page of every phase's list: a contest moves between phases at its start and end. */
  contestLists: () => ['contests', 'list'] as const,
  contestList: (phase: string, page: number) => ['contests', 'list', phase, page] as const,
  /** A contest as the caller sees it (participation, frozen); refreshed after registering or starting. */
  contest: (contestId: number) => ['contests', contestId] as const,
  contestProblem: (contestId: number, label: string) => ['contests', contestId, 'problem', label] as const,
  /** Every page of a contest's board: the caller's own verdicts move their row, wherever it shows. */
  scoreboards: (contestId: number) => ['contests', contestId, 'scoreboard'] as const,
  scoreboard: (contestId: number, page: number, user = '', virtual = false) =>
    ['contests', contestId, 'scoreboard', page, user, virtual] as const,
  clarifications: (contestId: number) => ['contests', contestId, 'clarifications'] as const,
  /** The two boards the reveal plays from, apart from `contest` so the unfreeze's refresh leaves them be. */
  contestReveal: (contestId: number) => ['contest-reveal', contestId] as const,
  /** One page of the rating leaderboard. */
  ratings: (page: number) => ['ratings', page] as const,
  /** The ratings of the users one list shows, for their tier colours. */
  ratingsOf: (usernames: string[]) => ['ratings', 'of', usernames.join(',')] as const,
  /** A user's rated contests, oldest first. */
  ratingHistory: (username: string) => ['ratings', 'history', username] as const,
  /** A contest's rating changes, once computed. */
  contestRatingChanges: (contestId: number) => ['contests', contestId, 'rating-changes'] as const,
  /** The contest picker's search of the archive for `q`. */
  pickableProblems: (q: string) => ['problems', 'pickable', q] as const,
};

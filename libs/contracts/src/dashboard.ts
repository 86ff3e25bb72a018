import { PublicUser } from './users';

/** A user's submission counts by verdict. */
export interface DashboardSummary {
  totalSubmissions: number;
  totalAC: number;
  totalWA: number;
  totalTLE: number;
  /** Output Limit Exceeded. */
  totalOLE: number;
  totalRTE: number;
  totalCE: number;
}

/** One UTC day of the heatmap. */
export interface HeatmapDay {
  date: string;
  submitCount: number;
  acCount: number;
}

export interface SolvedProblem {
  problemId: number;
  problemTitle: string;
  acceptedAt: string;
  latestAcceptedSubmissionId: string;
}

export interface AttemptedProblem {
  problemId: number;
  problemTitle: string;
  lastTriedAt: string;
}

/** An accepted submission on a profile: what was solved, in which language, when. */
export interface RecentAccepted {
  submissionId: string;
  problemId: number;
  problemTitle: string;
  languageId: number;
  language: string;
  submittedAt: string;
}

/** How much a user wrote in one language, and how much of it was accepted. */
export interface LanguageUsage {
  languageId: number;
  language: string;
  submissions: number;
  accepted: number;
}

/** How many accepted submissions a profile lists, newest first. */
export const PROFILE_RECENT_ACCEPTED = 10;

/**
 * A user's profile as a viewer sees it: the solved and attempted problems (SPEC), the activity of one UTC year, the
 * latest accepted submissions and the languages used. Every part counts only the submissions the viewer may see, and a
 * result a contest's freeze hides from them counts as not accepted.
 */
export interface UserDashboard {
  user: PublicUser;
  solved: SolvedProblem[];
  attempted: AttemptedProblem[];
  year: number;
  heatmap: HeatmapDay[];
  recentAccepted: RecentAccepted[];
  languages: LanguageUsage[];
}

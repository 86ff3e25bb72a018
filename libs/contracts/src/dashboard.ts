import { PublicUser } from './users';

/** A user's submission counts by verdict. */
export interface DashboardSummary {
  totalSubmissions: number;
  totalAC: number;
  totalWA: number;
  totalTLE: number;
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

export interface UserDashboard {
  user: PublicUser;
  solved: SolvedProblem[];
  attempted: AttemptedProblem[];
}

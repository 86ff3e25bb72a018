import type { Percent } from './units';

/**
 * Similarity reports (issue 36): which pairs of users handed in alike code for the same problem. Computed by the
 * judge worker (winnowing over token streams), read by admins only.
 */
export const SIMILARITY_REPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type SimilarityReportStatus = (typeof SIMILARITY_REPORT_STATUSES)[number];

/** A stretch of a source: character offsets (UTF-16 code units, as JavaScript indexes a string), end exclusive. */
export interface SourceRange {
  start: number;
  end: number;
}

/** One matched fragment: the same code (after normalising names and literals) in both sources. */
export interface SimilarityFragment {
  left: SourceRange;
  right: SourceRange;
}

export interface SimilarityPair {
  problemId: number;
  /** The tokenizer both sources went through ("C/C++", "Python", "Java" …): what the report's language filter reads. */
  language: string;
  leftSubmissionId: string;
  rightSubmissionId: string;
  /** User names (null once an account is deleted). */
  leftUser: string | null;
  rightUser: string | null;
  /** Share of both programs' fingerprints that the other program also has, 0..1. */
  similarity: number;
  /** Length in characters of the longest matched fragment, the longer of its two sides. */
  longestFragment: number;
  fragments: SimilarityFragment[];
}

/** Submissions left out of a report because their language has no tokenizer, counted per language name. */
export interface UntokenizedLanguage {
  language: string;
  submissions: number;
}

/** A report's scope: a contest's problems, or one problem's submissions made between `from` and `to`. */
export interface SimilarityScope {
  contestId: number | null;
  problemId: number | null;
  /** ISO 8601 instants of a problem report's range (inclusive); null for a contest report. */
  from: string | null;
  to: string | null;
}

/** A report as its list shows it: everything but the pairs, and how many there are. */
export interface SimilarityReportSummary extends SimilarityScope {
  id: string;
  status: SimilarityReportStatus;
  /** Share of the report's work done, 0–100. */
  progress: Percent;
  /** Why a failed report failed; null otherwise. */
  error: string | null;
  /** How many submissions (one per user and problem) were compared. */
  submissions: number;
  untokenized: UntokenizedLanguage[];
  pairCount: number;
  createdAt: string;
  finishedAt: string | null;
}

/** A report in the list of every report (GET /api/similarity-reports): its summary and its contest's or problem's title. */
export interface SimilarityReportListItem extends SimilarityReportSummary {
  title: string;
}

export interface SimilarityReport extends SimilarityReportSummary {
  /** Pairs at or above the reporting floor, most similar first. */
  pairs: SimilarityPair[];
}

/** The worker's job: compute the report with this id (its scope is on the row). */
export interface SimilarityJobData {
  reportId: string;
  requestId?: string;
}

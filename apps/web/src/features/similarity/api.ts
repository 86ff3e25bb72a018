import type { Schemas } from '@oj/api-client';

import { api, unwrap } from '../../api/client';

export type SimilarityReport = Schemas['SimilarityReportDto'];
export type SimilarityReportSummary = Schemas['SimilarityReportSummaryDto'];
export type SimilarityPair = Schemas['SimilarityPairDto'];

/** The list of every report: of one contest or one problem when set. */
export interface ReportListFilter {
  contestId?: number;
  problemId?: number;
}

/** Reports per page of the list. */
export const REPORTS_PAGE_SIZE = 20;

export const fetchReportList = (filter: ReportListFilter, page: number) =>
  unwrap(
    api.GET('/api/similarity-reports', { params: { query: { ...filter, page, limit: REPORTS_PAGE_SIZE } } }),
    'Failed to load the reports.',
  );

export const fetchContestReports = (contestId: number) =>
  unwrap(api.GET('/api/contests/{contestId}/similarity-reports', { params: { path: { contestId } } }), 'Failed to load the reports.');

export const fetchReport = (reportId: string) =>
  unwrap(api.GET('/api/similarity-reports/{reportId}', { params: { path: { reportId } } }), 'Failed to load the report.');

export const requestContestReport = (contestId: number) =>
  unwrap(api.POST('/api/contests/{contestId}/similarity-reports', { params: { path: { contestId } } }), 'Failed to start a report.');

/** A submission's source, for the side-by-side view (admins may read every source). */
export const fetchSource = async (id: string) =>
  (await unwrap(api.GET('/api/submissions/{id}', { params: { path: { id } } }), 'Failed to load a submission.')).submission.source ?? '';

import type { Schemas } from '@oj/api-client';

import { api, unwrap } from '../../api/client';

export type SimilarityReport = Schemas['SimilarityReportDto'];
export type SimilarityReportSummary = Schemas['SimilarityReportSummaryDto'];
export type SimilarityPair = Schemas['SimilarityPairDto'];

export const fetchContestReports = (contestId: number) =>
  unwrap(api.GET('/api/contests/{contestId}/similarity-reports', { params: { path: { contestId } } }), 'Failed to load the reports.');

export const fetchReport = (reportId: string) =>
  unwrap(api.GET('/api/similarity-reports/{reportId}', { params: { path: { reportId } } }), 'Failed to load the report.');

export const requestContestReport = (contestId: number) =>
  unwrap(api.POST('/api/contests/{contestId}/similarity-reports', { params: { path: { contestId } } }), 'Failed to start a report.');

/** A submission's source, for the side-by-side view (admins may read every source). */
export const fetchSource = async (id: string) =>
  (await unwrap(api.GET('/api/submissions/{id}', { params: { path: { id } } }), 'Failed to load a submission.')).submission.source ?? '';

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { queryKeys } from '../../../api/query-keys';
import { fetchContestReports, fetchReport, fetchReportList, ReportListFilter, requestContestReport } from '../api';

/** How often a report still being computed is read again. */
const POLL_MS = 1000;

const running = (status: string | undefined) => status === 'queued' || status === 'running';

/** A contest's reports (newest first), polled while one is being computed, and the request for a new one. */
export function useContestReports(contestId: number) {
  const queryClient = useQueryClient();
  const reports = useQuery({
    queryKey: queryKeys.similarityReports(contestId),
    queryFn: () => fetchContestReports(contestId),
    refetchInterval: (query) => (query.state.data?.some((r) => running(r.status)) ? POLL_MS : false),
  });
  const start = useMutation({
    mutationFn: () => requestContestReport(contestId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.similarityReports(contestId) }),
  });
  return { reports, start };
}

/** A page of every report, newest first (of one contest or problem when filtered), polled while one is being computed. */
export function useSimilarityReportList(filter: ReportListFilter, page: number) {
  return useQuery({
    queryKey: queryKeys.similarityReportList(filter.contestId, filter.problemId, page),
    queryFn: () => fetchReportList(filter, page),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.items.some((r) => running(r.status)) ? POLL_MS : false),
  });
}

/** One report with its pairs, read again until it is done or failed. */
export function useSimilarityReport(reportId: string | null) {
  return useQuery({
    queryKey: queryKeys.similarityReport(reportId ?? ''),
    queryFn: () => fetchReport(reportId!),
    enabled: !!reportId,
    refetchInterval: (query) => (running(query.state.data?.status) ? POLL_MS : false),
  });
}

import { useQuery } from '@tanstack/react-query';

import { queryKeys } from '../../../api/query-keys';
import { fetchSource } from '../api';
import { useSimilarityReport } from './useSimilarityReports';

/** A report's pair by its index, with both submissions' sources. */
export function useSimilarityPair(reportId: string, index: number) {
  const report = useSimilarityReport(reportId);
  const pair = report.data?.pairs[index];
  const left = useQuery({
    queryKey: queryKeys.submissionSource(pair?.leftSubmissionId ?? ''),
    queryFn: () => fetchSource(pair!.leftSubmissionId),
    enabled: !!pair,
  });
  const right = useQuery({
    queryKey: queryKeys.submissionSource(pair?.rightSubmissionId ?? ''),
    queryFn: () => fetchSource(pair!.rightSubmissionId),
    enabled: !!pair,
  });
  return { report, pair, left, right };
}

import { isFinalStatus } from '@oj/contracts';
import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

/** How often a followed submission is read again until its result is in. */
const FOLLOW_INTERVAL_MS = 1000;

/**
 * One submission's details; SPEC 9: a submission's detail is always fetched afresh. `followUntilFinal` (after a
 * rejudge) reads it again until it has its new result.
 */
export function useSubmissionDetail(id: string, followUntilFinal = false) {
  return useQuery({
    queryKey: queryKeys.submission(id),
    queryFn: () => unwrap(api.GET('/api/submissions/{id}', { params: { path: { id } } }), 'Failed to load submission.'),
    staleTime: 0,
    refetchOnMount: 'always',
    refetchInterval: (query) => {
      const status = query.state.data?.submission.status;
      return followUntilFinal && status && !isFinalStatus(status) ? FOLLOW_INTERVAL_MS : false;
    },
  });
}

import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

/** One submission's details; SPEC 9: a submission's detail is always fetched afresh. */
export function useSubmissionDetail(id: string) {
  return useQuery({
    queryKey: queryKeys.submission(id),
    queryFn: () => unwrap(api.GET('/api/submissions/{id}', { params: { path: { id } } }), 'Failed to load submission.'),
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

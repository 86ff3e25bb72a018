import { useQuery } from '@tanstack/react-query';

import { queryKeys } from '../../../api/query-keys';
import { useSession } from '../../../session/SessionProvider';
import { fetchContest } from '../api';

/** A contest as the caller sees it; waits for the session, since the answer depends on who asks. */
export function useContest(contestId: number) {
  const { loading } = useSession();
  return useQuery({
    queryKey: queryKeys.contest(contestId),
    queryFn: () => fetchContest(contestId),
    enabled: Number.isInteger(contestId) && contestId > 0 && !loading,
    retry: false,
  });
}

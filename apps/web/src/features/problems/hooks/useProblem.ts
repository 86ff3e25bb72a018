import { useQuery } from '@tanstack/react-query';

import { queryKeys } from '../../../api/query-keys';
import { useSession } from '../../../session/SessionProvider';
import { fetchProblem } from '../api';

/** A problem as the caller sees it; waits for the session, since the answer depends on who asks. */
export function useProblem(problemId: number) {
  const { user, loading } = useSession();
  return useQuery({
    // Test cases come back only for admins (SPEC 6); the server decides, so any signed-in user asks.
    queryKey: queryKeys.problemFor(problemId, user?.id ?? null),
    queryFn: () => fetchProblem(problemId, !!user),
    enabled: Number.isInteger(problemId) && problemId > 0 && !loading,
    retry: false,
  });
}

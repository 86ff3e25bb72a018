import type { ContestBoardChange } from '@oj/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

import { queryKeys } from '../../../api/query-keys';
import { useSession } from '../../../session/SessionProvider';
import { type Contest, fetchContest, fetchContestProblem, fetchContests } from '../api';

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

/** One page of one phase's contests; waits for the session, since private contests depend on who asks. */
export function useContestList(phase: Contest['phase'], page: number) {
  const { loading } = useSession();
  return useQuery({ queryKey: queryKeys.contestList(phase, page), queryFn: () => fetchContests(phase, page), enabled: !loading });
}

/** A contest's problem by label, once the caller may read it (a 404 until then, which is the answer to show). */
export function useContestProblem(contestId: number, label: string) {
  const { loading } = useSession();
  return useQuery({
    queryKey: queryKeys.contestProblem(contestId, label),
    queryFn: () => fetchContestProblem(contestId, label),
    enabled: !loading,
    retry: false,
  });
}

/**
 * What a `board` event of the contest stream does: the contest's times, problems or freeze, its board and the list
 * may all have changed, so they are read again; after a deletion they are gone.
 */
export function useBoardChangeRefresh() {
  const queryClient = useQueryClient();
  return useCallback(
    (change: ContestBoardChange) => {
      const contests = { queryKey: queryKeys.contests() };
      void (change === 'deleted' ? queryClient.resetQueries(contests) : queryClient.invalidateQueries(contests));
    },
    [queryClient],
  );
}

import { useMutation, useQueryClient } from '@tanstack/react-query';

import { queryKeys } from '../../../api/query-keys';
import { type Contest, registerForContest, startContest, startVirtualRun } from '../api';

/** Register (with `accessCode` when given) and Start of the caller's window; either reads the contests again. */
export function useContestEntry(contestId: number, accessCode: string) {
  const queryClient = useQueryClient();
  const onDone = () => queryClient.invalidateQueries({ queryKey: queryKeys.contests() });
  const register = useMutation({ mutationFn: () => registerForContest(contestId, accessCode || undefined), onSuccess: onDone });
  const start = useMutation({ mutationFn: () => startContest(contestId), onSuccess: onDone });
  return { register, start };
}

/** After the end: the caller's one virtual run; the contest as it then stands replaces the cached one. */
export function useVirtualRun(contest: Contest) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => startVirtualRun(contest.contestId),
    onSuccess: (started) => {
      queryClient.setQueryData(queryKeys.contest(contest.contestId), started);
      return queryClient.invalidateQueries({ queryKey: queryKeys.contests() });
    },
  });
}

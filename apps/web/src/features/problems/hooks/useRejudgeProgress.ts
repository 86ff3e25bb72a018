import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import type { MutationCallbacks } from '../../../api/mutation-callbacks';
import { queryKeys } from '../../../api/query-keys';
import { fetchRejudgeProgress, rejudgeProblem } from '../api';

/** How often a running rejudge's progress is read. */
const POLL_INTERVAL_MS = 2000;

/**
 * An admin's view of the problem's latest rejudge, read every two seconds while submissions are pending.
 * `followed`: this page saw it run or started it (`follow`). When a followed rejudge ends, the problem is read
 * again: its counts now hold the new verdicts, which the page's live counts cannot tell from new submissions.
 */
function useRejudgeProgress(problemId: number) {
  const queryClient = useQueryClient();
  const progress = useQuery({
    queryKey: queryKeys.rejudgeProgress(problemId),
    queryFn: () => fetchRejudgeProgress(problemId),
    refetchInterval: (query) => ((query.state.data?.pending ?? 0) > 0 ? POLL_INTERVAL_MS : false),
  });
  const [followed, setFollowed] = useState(false);
  const pending = progress.data?.pending ?? 0;
  if (pending > 0 && !followed) setFollowed(true);
  const finished = followed && !!progress.data && pending === 0;
  useEffect(() => {
    if (finished) void queryClient.invalidateQueries({ queryKey: queryKeys.problem(problemId) });
  }, [finished, problemId, queryClient]);
  const follow = () => {
    setFollowed(true);
    return queryClient.invalidateQueries({ queryKey: queryKeys.rejudgeProgress(problemId) });
  };
  return { progress: progress.data, followed, follow };
}

/** 'Rejudge all': the progress above, and `start`, which queues the rejudge and follows it. */
export function useRejudgeAll(problemId: number, { onSettled }: Pick<MutationCallbacks, 'onSettled'>) {
  const { progress, followed, follow } = useRejudgeProgress(problemId);
  const start = useMutation({ mutationFn: () => rejudgeProblem(problemId), onSettled, onSuccess: follow });
  return { progress, followed, start };
}

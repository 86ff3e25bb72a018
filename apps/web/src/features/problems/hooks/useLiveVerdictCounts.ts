import { isFinalStatus, LiveEvent } from '@oj/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';

import { queryKeys } from '../../../api/query-keys';

/**
 * Verdicts arriving live move the problem's submission and accepted counts. Only a submission seen unfinished
 * during this visit is counted, and only once: the loaded counts already hold every earlier verdict, and a
 * final event may be delivered twice. A rejudged submission's new verdict replaces one the counts already
 * hold, which its event does not tell: the problem is read again instead.
 */
export function useLiveVerdictCounts(problemId: number): (event: LiveEvent) => void {
  const queryClient = useQueryClient();
  const pending = useRef(new Set<string>());
  return (event: LiveEvent) => {
    if (event.rejudgedAt) {
      if (isFinalStatus(event.status) && pending.current.delete(event.id))
        void queryClient.invalidateQueries({ queryKey: queryKeys.problem(problemId) });
      else if (!isFinalStatus(event.status)) pending.current.add(event.id);
      return;
    }
    if (!isFinalStatus(event.status)) {
      pending.current.add(event.id);
      return;
    }
    if (!pending.current.delete(event.id)) return;
    queryClient.setQueriesData<{ submissionCount: number; acceptedSubmissionCount: number }>(
      { queryKey: queryKeys.problem(problemId) },
      (current) =>
        current && {
          ...current,
          submissionCount: current.submissionCount + 1,
          acceptedSubmissionCount: current.acceptedSubmissionCount + (event.status === 'accepted' ? 1 : 0),
        },
    );
  };
}

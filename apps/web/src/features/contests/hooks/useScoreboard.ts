import type { LiveEvent } from '@oj/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { queryKeys } from '../../../api/query-keys';
import { addContestParticipant, type Contest, fetchScoreboard, fetchWholeScoreboard } from '../api';
import { downloadText, scoreboardCsv } from '../board-csv';

/** One page of the board as the caller sees it, when `enabled`. */
export function useScoreboardPage(contestId: number, page: number, enabled: boolean) {
  return useQuery({ queryKey: queryKeys.scoreboard(contestId, page), queryFn: () => fetchScoreboard(contestId, page), enabled });
}

/** Export CSV: every row of the board, read page by page, downloaded as one file. */
export function useScoreboardExport(contest: Contest) {
  return useMutation({
    mutationFn: async () => {
      const whole = await fetchWholeScoreboard(contest.contestId);
      downloadText(`contest-${contest.contestId}-scoreboard.csv`, scoreboardCsv(whole.format, whole.labels, whole.items));
    },
  });
}

/**
 * The caller's verdicts arrive on the contest page's submissions stream (with its catch-up poll); each finished one
 * of theirs on this contest's problems re-reads the board, so their cells move without a reload.
 */
export function useOwnVerdictsRefreshBoard(contest: Contest, userId: string | undefined) {
  const queryClient = useQueryClient();
  const problemIds = new Set(contest.problems.map((p) => p.problemId));
  return (event: LiveEvent) => {
    if (event.eventType === 'finished' && event.userId === userId && problemIds.has(event.problemId))
      void queryClient.invalidateQueries({ queryKey: queryKeys.scoreboards(contest.contestId) });
  };
}

/** An admin registers a user by name; the new participant's row joins the board. */
export function useAddParticipant(contestId: number, onAdded: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (username: string) => addContestParticipant(contestId, username),
    onSuccess: () => {
      onAdded();
      void queryClient.invalidateQueries({ queryKey: queryKeys.scoreboards(contestId) });
    },
  });
}

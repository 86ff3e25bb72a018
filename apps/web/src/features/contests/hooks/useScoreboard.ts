import { useMutation, useQuery } from '@tanstack/react-query';

import { queryKeys } from '../../../api/query-keys';
import { type Contest, fetchScoreboard, fetchWholeScoreboard } from '../api';
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

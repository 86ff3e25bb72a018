import { LIVE_POLL_INTERVAL_MS } from '@oj/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';

import { queryKeys } from '../../../api/query-keys';
import { useSession } from '../../../session/SessionProvider';
import { fetchScoreboard, type Scoreboard } from '../api';
import { withChangedRow } from '../board-rows';
import { useContestEvents } from '../components/ContestStream';

/**
 * One page of a contest's board (of the rows whose name holds `search`, when given), kept live: each `row` event of the contest stream is put in place and the page
 * re-ranked by the rules; a row this page cannot place (another page's, a new one, or one moving off the page) reads
 * the page again, and a poll of the scoreboard route catches up whatever the stream missed. On a virtual board only
 * the caller's own row comes live (the real rows move with the elapsed minute, which the poll follows).
 */
export function useLiveScoreboard(contestId: number, page: number, live: boolean, search = '') {
  const { user, loading } = useSession();
  const queryClient = useQueryClient();
  const key = queryKeys.scoreboard(contestId, page, search);
  const board = useQuery({
    queryKey: key,
    queryFn: () => fetchScoreboard(contestId, page, search),
    enabled: !loading,
    placeholderData: keepPreviousData,
    refetchInterval: live ? LIVE_POLL_INTERVAL_MS : false,
    // A board left open on a screen that is not focused still follows the contest, as the stream does (openWhenHidden).
    refetchIntervalInBackground: true,
  });
  useContestEvents((event) => {
    if (event.eventType !== 'row') return;
    const current = queryClient.getQueryData<Scoreboard>(key);
    const placeable = current && (typeof current.virtualMinute !== 'number' || event.row.username === user?.username);
    const next = placeable ? withChangedRow(current, event.row) : null;
    if (next) queryClient.setQueryData(key, next);
    else void queryClient.invalidateQueries({ queryKey: key });
  });
  return board;
}

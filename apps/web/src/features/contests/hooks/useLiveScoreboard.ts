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
 * the caller's own row comes live (the real rows move with the elapsed minute, which the poll follows). With
 * `withVirtual` (the board with virtual participants), every row event reads the page again: the stream ranks an
 * official row among the official ones alone, so only the server can say where it stands among both kinds.
 */
export function useLiveScoreboard(contestId: number, page: number, live: boolean, search = '', withVirtual = false) {
  const { user, loading } = useSession();
  const queryClient = useQueryClient();
  const key = queryKeys.scoreboard(contestId, page, search, withVirtual);
  const board = useQuery({
    queryKey: key,
    queryFn: () => fetchScoreboard(contestId, page, search, withVirtual),
    enabled: !loading,
    placeholderData: keepPreviousData,
    refetchInterval: live ? LIVE_POLL_INTERVAL_MS : false,
    // A board left open on a screen that is not focused still follows the contest, as the stream does (openWhenHidden).
    refetchIntervalInBackground: true,
  });
  useContestEvents((event) => {
    if (event.eventType !== 'row') return;
    const current = queryClient.getQueryData<Scoreboard>(key);
    const onRunBoard = typeof current?.virtualMinute === 'number';
    const own = event.row.username === user?.username;
    if (withVirtual && !onRunBoard) return void queryClient.invalidateQueries({ queryKey: key });
    // Another's virtual row is on no board but the one with virtual participants; the caller's own is on their run's.
    if (event.row.virtual && !(onRunBoard && own)) return;
    const placeable = current && (!onRunBoard || own);
    const next = placeable ? withChangedRow(current, event.row) : null;
    if (next) queryClient.setQueryData(key, next);
    else void queryClient.invalidateQueries({ queryKey: key });
  });
  return board;
}

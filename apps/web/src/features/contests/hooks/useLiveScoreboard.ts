import { LIVE_POLL_INTERVAL_MS } from '@oj/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

import { queryKeys } from '../../../api/query-keys';
import { useSubmissionStream } from '../../../live/useSubmissionStream';
import { useSession } from '../../../session/SessionProvider';
import { fetchScoreboard, scoreboardStreamPath } from '../api';

/** Any message on the board's stream means the board changed: the page is read again, so it is always the server's. */
const anyMessage = () => true;

/**
 * One page of a contest's board, kept live: the board's stream refreshes it on every change, and a poll of the
 * scoreboard route catches up whatever the stream missed (or the whole board where there is no stream).
 */
export function useLiveScoreboard(contestId: number, page: number, live: boolean) {
  const { loading } = useSession();
  const queryClient = useQueryClient();
  const board = useQuery({
    queryKey: queryKeys.scoreboard(contestId, page),
    queryFn: () => fetchScoreboard(contestId, page),
    enabled: !loading,
    placeholderData: keepPreviousData,
    refetchInterval: live ? LIVE_POLL_INTERVAL_MS : false,
    // A board left open on a screen that is not focused still follows the contest, as the stream does (openWhenHidden).
    refetchIntervalInBackground: true,
  });
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: queryKeys.scoreboard(contestId, page) }),
    [queryClient, contestId, page],
  );
  useSubmissionStream({
    enabled: live && !loading,
    onEvent: refresh,
    streamPath: scoreboardStreamPath(contestId),
    updatesPath: null,
    accepts: anyMessage,
  });
  return board;
}

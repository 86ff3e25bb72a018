import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { queryKeys } from '../../../api/query-keys';
import type { Contest } from '../api';
import { contestMoments, nextMoment } from '../contest-time';
import { serverNow } from '../server-clock';

/** Timers longer than this are re-armed in steps: setTimeout fires at once past 2^31 - 1 ms. */
const LONGEST_WAIT_MS = 6 * 60 * 60_000;

/**
 * Reads `queryKey` again when the server's clock reaches the first of `moments` (ms) after `answeredAt` (the
 * server's time of the answer on screen), so a page changes state on its own at a contest's start, freeze and end.
 * Each new answer arms the wait again: one made just before the moment (an instance's clock a little behind) waits
 * for it once more.
 */
export function useRefreshAt(moments: number[], answeredAt: number, queryKey: QueryKey): void {
  const queryClient = useQueryClient();
  const moment = nextMoment(moments, answeredAt);
  const key = JSON.stringify(queryKey);
  useEffect(() => {
    if (moment === undefined) return;
    let timer: ReturnType<typeof setTimeout>;
    const wait = () => {
      const left = moment - serverNow();
      if (left > 0) timer = setTimeout(wait, Math.min(left, LONGEST_WAIT_MS));
      else void queryClient.invalidateQueries({ queryKey: JSON.parse(key) as QueryKey });
    };
    wait();
    return () => clearTimeout(timer);
  }, [moment, answeredAt, key, queryClient]);
}

/** A contest page's contest, its problems and board, read again at the contest's next moment (start, freeze, end…). */
export function useContestTurns(contestId: number, contest: Contest | undefined): void {
  useRefreshAt(contest ? contestMoments(contest) : [], contest ? Date.parse(contest.serverTime) : 0, queryKeys.contest(contestId));
}

/** The contest lists, read again when one of `contests` starts or ends, so it moves to its new phase on its own. */
export function useContestListTurns(contests: Contest[] | undefined): void {
  const moments = (contests ?? []).flatMap((c) => [new Date(c.startsAt).getTime(), new Date(c.endsAt).getTime()]);
  useRefreshAt(moments, contests?.length ? Date.parse(contests[0].serverTime) : 0, queryKeys.contestLists());
}

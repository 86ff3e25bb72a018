import { useMutation } from '@tanstack/react-query';

import { downloadContestCalendar } from '../api';

/** Saves the contest's .ics file, fetched with the caller's session. */
export function useContestCalendar(contestId: number) {
  return useMutation({ mutationFn: () => downloadContestCalendar(contestId) });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { queryKeys } from '../../../api/query-keys';
import {
  type Contest,
  createContest,
  deleteContest,
  fetchPickableProblems,
  fetchWholeScoreboard,
  unfreezeContest,
  updateContest,
} from '../api';
import { type ContestFormValues, contestInputFrom } from '../contest-form-model';

/** Creates a contest (no `contest`) or saves `contest` whole; the lists are read again, then `onSaved`. */
export function useSaveContest(contest: Contest | undefined, onSaved: (saved: Contest) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: ContestFormValues) =>
      contest ? updateContest(contest.contestId, contestInputFrom(values)) : createContest(contestInputFrom(values)),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.contests() });
      onSaved(saved);
    },
  });
}

/** Deletes the contest: gone from the cache, the lists read again, then `onDeleted`. */
export function useDeleteContest(contestId: number, onDeleted: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteContest(contestId),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: queryKeys.contest(contestId) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.contests() });
      onDeleted();
    },
  });
}

/** The archive (private problems too) the contest form's picker offers. */
export function usePickableProblems() {
  return useQuery({ queryKey: queryKeys.pickableProblems(), queryFn: fetchPickableProblems });
}

/**
 * The two boards the reveal plays from: the public (frozen) one, read without the session, and the admin's live
 * one. Read once: the reveal must not change under the player.
 */
export function useRevealBoards(contestId: number) {
  return useQuery({
    queryKey: queryKeys.contestReveal(contestId),
    queryFn: async () => {
      const [publicBoard, liveBoard] = await Promise.all([fetchWholeScoreboard(contestId, true), fetchWholeScoreboard(contestId)]);
      return { publicBoard, liveBoard };
    },
    staleTime: Infinity,
  });
}

/** Ends the freeze once the reveal is over; the contest is read again. */
export function useUnfreeze(contestId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unfreezeContest(contestId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.contest(contestId) }),
  });
}

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';

import { queryKeys } from '../../../api/query-keys';
import {
  type Contest,
  createContest,
  deleteContest,
  fetchWholeScoreboard,
  searchPickableProblems,
  unfreezeContest,
  updateContest,
} from '../api';
import { type ContestFormValues, contestInputFrom } from '../contest-form-model';
import { chooseProblem, searchTerm } from '../problem-search';

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
/** Typing settles this long before the picker asks the server. */
const SEARCH_DELAY_MS = 250;

/** One search of the picker, cached a little: Add usually asks what the suggestions just did. */
const search = (term: string) => ({
  queryKey: queryKeys.pickableProblems(term),
  queryFn: () => searchPickableProblems(term),
  staleTime: 30_000,
});

/**
 * The picker's search on the server: suggestions for `input` once typing settles, and `lookUp`, which answers for
 * an input at once (Add or Enter pressed before the suggestions arrived), from the cache when it has the answer.
 */
export function useProblemSearch(input: string) {
  const queryClient = useQueryClient();
  const [settled, setSettled] = useState(searchTerm(input));
  useEffect(() => {
    const timer = setTimeout(() => setSettled(searchTerm(input)), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [input]);
  const suggestions = useQuery({ ...search(settled), enabled: !!settled, placeholderData: keepPreviousData });
  const lookUp = useCallback(
    async (text: string) => chooseProblem(text, (await queryClient.fetchQuery(search(searchTerm(text)))).items),
    [queryClient],
  );
  return { suggestions: settled ? (suggestions.data?.items ?? []) : [], lookUp };
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

import { LANGUAGES_CACHE_SECONDS } from '@oj/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { MutationCallbacks } from '../../../api/mutation-callbacks';
import { queryKeys } from '../../../api/query-keys';
import { useSession } from '../../../session/SessionProvider';
import { fetchProblem } from '../../problems/api';
import { createProblem, fetchAlgorithms, updateProblem } from '../api';
import type { ProblemBody } from '../problem-form-values';

/** SPEC 9: the algorithm list is cached for five minutes, as the languages are. */
const LIST_CACHE_MS = LANGUAGES_CACHE_SECONDS * 1000;

/** The problem Edit problem starts from, with its test cases when the caller may read them; `enabled` in edit mode. */
export function useProblemToEdit(problemId: number, enabled: boolean) {
  const { user, loading } = useSession();
  return useQuery({
    queryKey: queryKeys.problemFor(problemId, user?.id ?? null, 'edit'),
    queryFn: () => fetchProblem(problemId, true),
    enabled: enabled && Number.isInteger(problemId) && problemId > 0 && !loading,
    retry: false,
    // The form starts from the stored problem, never from a copy cached before the last save.
    staleTime: 0,
    gcTime: 0,
  });
}

/** Known algorithms, asked for only once the Algorithms field is used (SPEC 7: fetched lazily). */
export function useAlgorithms(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.algorithms(), queryFn: fetchAlgorithms, staleTime: LIST_CACHE_MS, enabled });
}

type SavedProblem = Awaited<ReturnType<typeof createProblem>>;

/**
 * Creates the problem (no `problemId`) or saves problem `problemId`; once saved, the problem page and the archive
 * read it again, so they show what was just saved, not what they cached before; then `onSuccess`.
 */
export function useSaveProblem(problemId: number | undefined, { onSuccess, onError }: MutationCallbacks<SavedProblem, ProblemBody>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProblemBody) => (problemId === undefined ? createProblem(body) : updateProblem(problemId, body)),
    onSuccess: async (saved, body) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.problem(saved.problemId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.problems() }),
      ]);
      return onSuccess?.(saved, body);
    },
    onError,
  });
}

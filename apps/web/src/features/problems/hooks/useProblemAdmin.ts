import { useMutation, useQueryClient } from '@tanstack/react-query';

import { queryKeys } from '../../../api/query-keys';
import { deleteProblem, setProblemVisibility } from '../api';

/** What the admin actions need of a problem: the archive's rows and the problem page both have it. */
export interface AdminProblem {
  problemId: number;
  title: string;
  isPublic: boolean;
}

/**
 * Admins: make a problem public or private (the problem and every list of problems are read again), or delete it
 * (the lists are read again, then `onDeleted`).
 */
export function useProblemAdmin(onDeleted?: () => void) {
  const queryClient = useQueryClient();
  const refreshLists = () => queryClient.invalidateQueries({ queryKey: queryKeys.problems() });
  const setVisibility = useMutation({
    mutationFn: (p: AdminProblem) => setProblemVisibility(p.problemId, !p.isPublic),
    onSuccess: (_saved, p) => Promise.all([refreshLists(), queryClient.invalidateQueries({ queryKey: queryKeys.problem(p.problemId) })]),
  });
  const remove = useMutation({
    mutationFn: deleteProblem,
    onSuccess: async () => {
      await refreshLists();
      onDeleted?.();
    },
  });
  return { setVisibility, remove };
}

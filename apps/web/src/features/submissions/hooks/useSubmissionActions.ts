import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { MutationCallbacks } from '../../../api/mutation-callbacks';
import { queryKeys } from '../../../api/query-keys';
import { rejudgeSubmission, resubmit } from '../api';

/** Re-submit: the same code sent again as a new submission (by id); `onSuccess` gets the new one. */
export function useResubmit(callbacks: MutationCallbacks<Awaited<ReturnType<typeof resubmit>>, string>) {
  return useMutation({ mutationFn: resubmit, ...callbacks });
}

/** Admins: judge submission `id` again; `onQueued` once its queued row has been read. */
export function useRejudgeSubmission(id: string, onQueued: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => rejudgeSubmission(id),
    // Followed only once the queued row is read: the old result still on screen is not the new one.
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.submission(id) });
      onQueued();
    },
  });
}

import { useMutation } from '@tanstack/react-query';

import type { MutationCallbacks } from '../../../api/mutation-callbacks';
import { submitSolution } from '../api';

type Submission = Parameters<typeof submitSolution>[0];

/** Sends a solution to be judged; `onSuccess` gets the new submission (its id). */
export function useSubmitSolution(callbacks: MutationCallbacks<Awaited<ReturnType<typeof submitSolution>>, Submission>) {
  return useMutation({ mutationFn: submitSolution, ...callbacks });
}

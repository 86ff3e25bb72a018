import { useMutation } from '@tanstack/react-query';

import type { MutationCallbacks } from '../../../api/mutation-callbacks';
import { runOnInput, RunOutcome } from '../api';

/** A run of the editor's source on one input (POST /api/judge/run); nothing is stored. */
export function useTestRun(callbacks: MutationCallbacks<RunOutcome, Parameters<typeof runOnInput>[0]>) {
  return useMutation({ mutationFn: runOnInput, ...callbacks });
}

import { useMutation } from '@tanstack/react-query';

import type { MutationCallbacks } from '../../../api/mutation-callbacks';
import { parseTestArchive, tryChecker, tryInteractor, validateSolution } from '../api';

type Outcome<F extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<F>>;

/** Upload ZIP: the test cases (and subtasks, checker) the server finds in an archive. */
export function useParseTestArchive(trimWhitespace: boolean, callbacks: MutationCallbacks<Outcome<typeof parseTestArchive>, File>) {
  return useMutation({ mutationFn: (archive: File) => parseTestArchive(archive, trimWhitespace), ...callbacks });
}

/** Validate Test Cases: a reference solution run on the form's tests. */
export function useValidateSolution(
  callbacks: MutationCallbacks<Outcome<typeof validateSolution>, Parameters<typeof validateSolution>[0]>,
) {
  return useMutation({ mutationFn: validateSolution, ...callbacks });
}

/** Test checker: the form's checker compiled and run once on the judge. */
export function useCheckerTrial() {
  return useMutation({ mutationFn: tryChecker });
}

/** Test interactor: a solution run against the form's interactor (not saved yet) on the judge. */
export function useInteractorTrial() {
  return useMutation({ mutationFn: tryInteractor });
}

import { effectiveInteractor, type InteractorSettings, type ProblemType } from '@oj/contracts';

import { ApiException } from '../common/api-exception';

/**
 * The interactor a problem body asks for: the interactor sent (an interactive problem), null (a standard one), or
 * undefined when the body leaves the type alone (an update keeps it; a new problem is standard). A type that
 * does not fit what is sent is a 400.
 */
export function requestedInteractor(body: { type?: ProblemType; interactor?: InteractorSettings }): InteractorSettings | null | undefined {
  const { type, interactor } = body;
  if (type === 'standard' && interactor)
    throw ApiException.badRequest('A standard problem has no interactor: choose the interactive type.', 'interactor');
  if (type === 'interactive' && !interactor) throw ApiException.badRequest('An interactive problem needs its interactor.', 'interactor');
  if (type === 'standard') return null;
  return interactor ? effectiveInteractor(interactor) : undefined;
}

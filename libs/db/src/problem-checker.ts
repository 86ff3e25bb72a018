import { CheckerSettings, effectiveChecker, InteractorSettings } from '@oj/contracts';

import type { ProblemEntity } from './entities';

type CheckerColumns = Pick<ProblemEntity, 'checkerType' | 'checkerEpsilon' | 'checkerSource' | 'checkerLanguageId'>;

/** A problem's checker from its columns, as the worker runs it and the API shows it. */
export function checkerOf(problem: CheckerColumns): CheckerSettings {
  return effectiveChecker({
    type: problem.checkerType,
    ...(problem.checkerEpsilon !== null ? { epsilon: problem.checkerEpsilon } : {}),
    ...(problem.checkerSource !== null ? { source: problem.checkerSource } : {}),
    ...(problem.checkerLanguageId !== null ? { languageId: problem.checkerLanguageId } : {}),
  });
}

type InteractorColumns = Pick<ProblemEntity, 'interactorSource' | 'interactorLanguageId'>;

/** An interactive problem's interactor from its columns; null for a standard problem. */
export function interactorOf(problem: InteractorColumns): InteractorSettings | null {
  if (problem.interactorSource === null || problem.interactorLanguageId === null) return null;
  return { languageId: problem.interactorLanguageId, source: problem.interactorSource };
}

/** The columns that store an interactor; null makes the problem standard. */
export function interactorColumns(settings: InteractorSettings | null): InteractorColumns {
  return { interactorSource: settings?.source ?? null, interactorLanguageId: settings?.languageId ?? null };
}

/** The columns that store a checker; what its type does not use is cleared. */
export function checkerColumns(settings: CheckerSettings): CheckerColumns {
  const checker = effectiveChecker(settings);
  return {
    checkerType: checker.type,
    checkerEpsilon: checker.epsilon ?? null,
    checkerSource: checker.source ?? null,
    checkerLanguageId: checker.languageId ?? null,
  };
}

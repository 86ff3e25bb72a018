import { CheckerSettings, effectiveChecker } from '@oj/contracts';

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

import {
  CheckerSettings,
  effectiveChecker,
  effectiveValidatorProtocol,
  InteractorSettings,
  ValidatorProtocolSettings,
} from '@oj/contracts';

import type { ProblemEntity } from './entities';

type CheckerColumns = Pick<ProblemEntity, 'checkerType' | 'checkerEpsilon' | 'checkerSource' | 'checkerLanguageId' | 'checkerProtocol'>;

/** A program's protocol settings as stored: null when there are none to keep (testlib without support files). */
function protocolColumn(settings: ValidatorProtocolSettings | null | undefined): ValidatorProtocolSettings | null {
  const kept = effectiveValidatorProtocol(settings);
  return Object.keys(kept).length ? kept : null;
}

/** A problem's checker from its columns, as the worker runs it and the API shows it. */
export function checkerOf(problem: CheckerColumns): CheckerSettings {
  return effectiveChecker({
    type: problem.checkerType,
    ...(problem.checkerEpsilon !== null ? { epsilon: problem.checkerEpsilon } : {}),
    ...(problem.checkerSource !== null ? { source: problem.checkerSource } : {}),
    ...(problem.checkerLanguageId !== null ? { languageId: problem.checkerLanguageId } : {}),
    ...(problem.checkerProtocol ?? {}),
  });
}

type InteractorColumns = Pick<ProblemEntity, 'interactorSource' | 'interactorLanguageId' | 'interactorProtocol'>;

/** An interactive problem's interactor from its columns; null for a standard problem. */
export function interactorOf(problem: InteractorColumns): InteractorSettings | null {
  if (problem.interactorSource === null || problem.interactorLanguageId === null) return null;
  return {
    languageId: problem.interactorLanguageId,
    source: problem.interactorSource,
    ...effectiveValidatorProtocol(problem.interactorProtocol),
  };
}

/** The columns that store an interactor; null makes the problem standard. */
export function interactorColumns(settings: InteractorSettings | null): InteractorColumns {
  return {
    interactorSource: settings?.source ?? null,
    interactorLanguageId: settings?.languageId ?? null,
    interactorProtocol: settings ? protocolColumn(settings) : null,
  };
}

/** The columns that store a checker; what its type does not use is cleared. */
export function checkerColumns(settings: CheckerSettings): CheckerColumns {
  const checker = effectiveChecker(settings);
  return {
    checkerType: checker.type,
    checkerEpsilon: checker.epsilon ?? null,
    checkerSource: checker.source ?? null,
    checkerLanguageId: checker.languageId ?? null,
    checkerProtocol: checker.type === 'custom' ? protocolColumn(checker) : null,
  };
}

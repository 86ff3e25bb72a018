import { Injectable } from '@nestjs/common';
import { CheckerSettings, CUSTOM_CHECKER_ADMINS_ONLY, INTERACTOR_ADMINS_ONLY, InteractorSettings } from '@oj/contracts';

import { canSetTestReadingCode } from '../access';
import type { AuthUser } from '../auth/auth-user';
import { ApiException } from '../common/api-exception';
import { CheckerCompiler } from './checker-compiler';
import { setsNewInteractor, setsNewTestReadingCode } from './test-reading-code';

/** The author code a problem's save may set beside its tests: a checker, and an interactor (null: none). */
export interface JuryCode {
  checker?: CheckerSettings;
  interactor?: InteractorSettings | null;
}

/** What a problem has saved. */
export interface SavedJuryCode {
  checker: CheckerSettings;
  interactor: InteractorSettings | null;
}

/**
 * The rules on the jury's code a save sets (a custom checker, an interactor): only those who may read the tests
 * may set new code that reads them, and new code must compile on a worker (which also refuses interactors where
 * it could not run them). What is already saved passes again without a worker.
 */
@Injectable()
export class JuryCodeGate {
  constructor(private readonly compiler: CheckerCompiler) {}

  /** 403 for new test-reading code from a caller who may not read the tests (canSetTestReadingCode). */
  requireMaySet(incoming: JuryCode, saved: SavedJuryCode | null, user: AuthUser): void {
    if (canSetTestReadingCode(user)) return;
    if (setsNewTestReadingCode(incoming.checker, saved?.checker ?? null)) throw ApiException.forbidden(CUSTOM_CHECKER_ADMINS_ONLY);
    if (setsNewInteractor(incoming.interactor, saved?.interactor ?? null)) throw ApiException.forbidden(INTERACTOR_ADMINS_ONLY);
  }

  /** Compiles what is new on a worker; 400 when it does not compile or will not be run (see CheckerCompiler). */
  async requireCompiles(incoming: JuryCode, saved: SavedJuryCode | null, signal?: AbortSignal): Promise<void> {
    const { checker, interactor } = incoming;
    if (checker && setsNewTestReadingCode(checker, saved?.checker ?? null))
      await this.compiler.requireCompiles(checker.source ?? '', checker.languageId ?? 0, signal, 'checker', checker);
    if (interactor && setsNewInteractor(interactor, saved?.interactor ?? null))
      await this.compiler.requireCompiles(interactor.source, interactor.languageId, signal, 'interactor', interactor);
  }
}

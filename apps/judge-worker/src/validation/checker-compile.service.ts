import { Inject, Injectable } from '@nestjs/common';
import { CheckerCompileJobData, CheckerCompileResult } from '@oj/contracts';

import { JUDGE_ENGINE, JudgeEngine } from '../engines/judge-engine';
import { compileAndTryChecker } from '../grading/checker-trial';

/**
 * Compiles a problem's custom checker when the API saves the problem, so a broken checker is refused then; with a
 * trial test, also runs it (the problem form's 'Test checker').
 */
@Injectable()
export class CheckerCompileService {
  constructor(@Inject(JUDGE_ENGINE) private readonly engine: JudgeEngine) {}

  compile(job: CheckerCompileJobData): Promise<CheckerCompileResult> {
    return compileAndTryChecker(this.engine.checkers(), job);
  }
}

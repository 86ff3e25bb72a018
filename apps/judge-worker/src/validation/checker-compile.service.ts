import { Inject, Injectable } from '@nestjs/common';
import { CheckerCompileJobData, CheckerCompileResult, JUDGE0_NO_INTERACTIVE } from '@oj/contracts';

import { JUDGE_ENGINE, JudgeEngine } from '../engines/judge-engine';
import { compileAndTryChecker } from '../grading/checker-trial';

/**
 * Compiles a problem's custom checker or interactor when the API saves the problem, so a broken one is refused
 * then; with a trial test, also runs a checker (the problem form's 'Test checker'). A worker on the Judge0 engine
 * refuses interactors: it could not grade the problem.
 */
@Injectable()
export class CheckerCompileService {
  constructor(@Inject(JUDGE_ENGINE) private readonly engine: JudgeEngine) {}

  async compile(job: CheckerCompileJobData): Promise<CheckerCompileResult> {
    if (job.role === 'interactor' && this.engine.name === 'judge0')
      return { compiled: false, compilerOutput: '', refusal: JUDGE0_NO_INTERACTIVE };
    return compileAndTryChecker(this.engine.checkers(), job);
  }
}

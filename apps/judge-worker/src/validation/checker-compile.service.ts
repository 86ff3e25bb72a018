import { Inject, Injectable } from '@nestjs/common';
import { CheckerCompileJobData, CheckerCompileResult } from '@oj/contracts';

import { JUDGE_ENGINE, JudgeEngine } from '../engines/judge-engine';

/**
 * Compiles a problem's custom checker when the API saves the problem, so a broken checker is refused then; with a
 * trial test, also runs it (the problem form's 'Test checker').
 */
@Injectable()
export class CheckerCompileService {
  constructor(@Inject(JUDGE_ENGINE) private readonly engine: JudgeEngine) {}

  compile(job: CheckerCompileJobData): Promise<CheckerCompileResult> {
    if (!this.engine.compileChecker) throw new Error(`The ${this.engine.name} engine cannot compile checkers.`);
    return this.engine.compileChecker(job.source, job.languageId, job.trial);
  }
}

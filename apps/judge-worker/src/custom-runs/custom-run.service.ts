import { Inject, Injectable } from '@nestjs/common';
import { RunJobData, RunResult } from '@oj/contracts';

import { JUDGE_ENGINE, JudgeEngine } from '../engines/judge-engine';

/** Runs a source once on the caller's input (POST /api/judge/run): nothing is checked, stored or counted. */
@Injectable()
export class CustomRunService {
  constructor(@Inject(JUDGE_ENGINE) private readonly engine: JudgeEngine) {}

  run(job: RunJobData): Promise<RunResult> {
    return this.engine.run({
      languageId: job.languageId,
      sourceCode: job.sourceCode,
      stdin: job.stdin,
      cpuTimeLimit: job.cpuTimeLimit,
      memoryLimit: job.memoryLimit,
    });
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { RunJobData, RunResult } from '@oj/contracts';

import { JUDGE_ENGINE, JudgeEngine } from '../engines/judge-engine';

/**
 * Runs a source once on the caller's input (POST /api/judge/run), judged by the problem's checker when the caller
 * gave the expected output: nothing is stored or counted.
 */
@Injectable()
export class CustomRunService {
  constructor(@Inject(JUDGE_ENGINE) private readonly engine: JudgeEngine) {}

  /** `signal` aborts when the job is cancelled: the run is killed and nothing is answered. */
  run(job: RunJobData, signal?: AbortSignal): Promise<RunResult> {
    return this.engine.run({
      languageId: job.languageId,
      sourceCode: job.sourceCode,
      stdin: job.stdin,
      cpuTimeLimit: job.cpuTimeLimit,
      memoryLimit: job.memoryLimit,
      ...(job.expected ? { expected: job.expected } : {}),
      signal,
    });
  }
}

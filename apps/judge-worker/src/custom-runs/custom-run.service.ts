import { Injectable } from '@nestjs/common';
import { RunJobData, RunResult } from '@oj/contracts';

import { Grader } from '../grading/grader';

/**
 * Runs a source once on the caller's input (POST /api/judge/run), judged by the problem's checker when the caller
 * gave the expected output: nothing is stored or counted.
 */
@Injectable()
export class CustomRunService {
  constructor(private readonly grader: Grader) {}

  /** `signal` aborts when the job is cancelled: the run is killed and nothing is answered. */
  run(job: RunJobData, signal?: AbortSignal): Promise<RunResult> {
    return this.grader.run({
      languageId: job.languageId,
      sourceCode: job.sourceCode,
      stdin: job.stdin,
      cpuTimeLimit: job.cpuTimeLimit,
      memoryLimit: job.memoryLimit,
      ...(job.outputLimit === undefined ? {} : { outputLimit: job.outputLimit }),
      ...(job.expected ? { expected: job.expected } : {}),
      ...(job.interactor ? { interactor: job.interactor } : {}),
      signal,
    });
  }
}

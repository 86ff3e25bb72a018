import { Injectable } from '@nestjs/common';
import { JUDGE0_STATUS, judge0FromStatus, ValidateJobData, ValidationResult } from '@oj/contracts';

import { Grader } from '../grading/grader';

/** Runs a reference solution against test cases and reports per case in Judge0's status vocabulary. */
@Injectable()
export class ValidationService {
  constructor(private readonly grader: Grader) {}

  /** `signal` aborts when the job is cancelled: the running test is killed and nothing is answered. */
  async validate(job: ValidateJobData, signal?: AbortSignal): Promise<ValidationResult> {
    const result = await this.grader.grade({
      languageId: job.languageId,
      sourceCode: job.sourceCode,
      cpuTimeLimit: job.cpuTimeLimit,
      memoryLimit: job.memoryLimit,
      ...(job.outputLimit === undefined ? {} : { outputLimit: job.outputLimit }),
      testCases: job.testCases,
      checker: job.checker,
      ...(job.interactor ? { interactor: job.interactor } : {}),
      signal,
    });
    if (result.status === 'failed') throw new Error(result.message ?? 'The judge failed to run the validation.');
    if (result.status === 'ce') {
      return {
        score: 0,
        cases: job.testCases.map((_, i) => ({ i, s: JUDGE0_STATUS.COMPILATION_ERROR, t: null, m: null, p: 0 })),
        maxExecTimeMs: null,
        maxMemoryKb: null,
        compileOutput: result.message,
      };
    }
    return {
      score: result.score,
      cases: result.testCaseResults.map((r) => ({ i: r.index, s: judge0FromStatus(r.status), t: r.timeMs, m: r.memoryKB, p: r.points })),
      maxExecTimeMs: result.runtimeMs,
      maxMemoryKb: result.memoryKB,
    };
  }
}

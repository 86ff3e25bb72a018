import { GradeResult, RunResult, TimeFactors } from '@oj/contracts';

import { JudgeEngine } from '../engines/judge-engine';
import { runOnInput } from './custom-run';
import { customRunLimits, programLimits } from './program-limits';
import { CustomRunRequest, GradeRequest, ProgressListener } from './requests';
import { gradeTests } from './test-loop';

/**
 * Grades and runs sources on the configured engine, with the worker's language time factors: the one entry to the
 * test loop for submissions, validations and custom runs. A plain class, wired by worker.module.ts: it imports
 * neither Nest nor the worker's configuration (about 1,000 modules, 1.3 s of CPU in a Jest file), so the sandbox
 * tests that grade through it load the grading core alone.
 */
export class Grader {
  constructor(
    readonly engine: JudgeEngine,
    private readonly factors: TimeFactors,
  ) {}

  grade(request: GradeRequest, onProgress?: ProgressListener): Promise<GradeResult> {
    return gradeTests(this.engine, request, programLimits(this.factors, request), onProgress);
  }

  run(request: CustomRunRequest): Promise<RunResult> {
    return runOnInput(this.engine, request, customRunLimits(this.factors, request));
  }

  /**
   * Nest calls this when the worker stops: what the engine keeps between jobs (its warm boxes) ends with it. A
   * shutdown hook, not onModuleDestroy: Nest calls every onModuleDestroy before any beforeApplicationShutdown, in
   * which the queue consumer waits for the running jobs, and a job still grading would give its slot back to an
   * engine already closed, its boxes left running.
   */
  async onApplicationShutdown(): Promise<void> {
    await this.engine.close?.();
  }
}

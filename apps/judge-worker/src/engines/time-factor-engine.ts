import {
  CheckerCompileResult,
  CheckerTrialData,
  effectiveCpuTimeLimit,
  GradeResult,
  Language,
  RUN_CEILING,
  RunResult,
  TimeFactors,
} from '@oj/contracts';

import { CustomRunRequest, GradeRequest, JudgeEngine, ProgressListener } from './judge-engine';

/**
 * Gives each language its share of CPU time: whatever engine runs the source, it enforces the problem's limit
 * times the language's factor (LANGUAGE_TIME_FACTORS), for submissions, validations and custom runs alike.
 */
export class TimeFactorEngine implements JudgeEngine {
  readonly name: JudgeEngine['name'];

  constructor(
    private readonly engine: JudgeEngine,
    private readonly factors: TimeFactors,
  ) {
    this.name = engine.name;
  }

  languages(): Promise<Language[]> {
    return this.engine.languages();
  }

  grade(request: GradeRequest, onProgress?: ProgressListener): Promise<GradeResult> {
    return this.engine.grade(this.scaled(request), onProgress);
  }

  /** A run never gets more CPU time than RUN_CEILING, whatever the problem's limit times the factor. */
  run(request: CustomRunRequest): Promise<RunResult> {
    const scaled = this.scaled(request);
    return this.engine.run({ ...scaled, cpuTimeLimit: Math.min(scaled.cpuTimeLimit, RUN_CEILING.cpuSeconds) });
  }

  /** Checkers have limits of their own (10 s CPU), whatever language the submissions are in. */
  compileChecker(source: string, languageId: number, trial?: CheckerTrialData): Promise<CheckerCompileResult> {
    if (!this.engine.compileChecker) throw new Error(`The ${this.engine.name} engine cannot compile checkers.`);
    return this.engine.compileChecker(source, languageId, trial);
  }

  /** Nest calls this when the worker stops (the engine is a provider). */
  async onModuleDestroy(): Promise<void> {
    await this.engine.close?.();
  }

  private scaled<T extends GradeRequest | CustomRunRequest>(request: T): T {
    return { ...request, cpuTimeLimit: effectiveCpuTimeLimit(this.factors, request.languageId, request.cpuTimeLimit) };
  }
}

import { effectiveCpuTimeLimit, OUTPUT_LIMIT_MB, RUN_CEILING, TimeFactors } from '@oj/contracts';

import { ProgramLimits } from '../engines/judge-engine';
import { LimitsRequest } from './requests';

/**
 * The limits every run of a request gets, whatever engine runs it: the problem's CPU time times the language's
 * factor (LANGUAGE_TIME_FACTORS), its memory and its output. How the engine then enforces them:
 * engines/local/time-limit.ts, and the sandbox's output cap (run-supervision.ts).
 */
export function programLimits(factors: TimeFactors, request: LimitsRequest): ProgramLimits {
  return {
    cpuSeconds: effectiveCpuTimeLimit(factors, request.languageId, request.cpuTimeLimit),
    memoryMb: request.memoryLimit,
    outputMb: request.outputLimit ?? OUTPUT_LIMIT_MB.default,
  };
}

/** A custom run's: never more than RUN_CEILING, whatever the problem's limit times the factor (runs share few slots). */
export function customRunLimits(factors: TimeFactors, request: LimitsRequest): ProgramLimits {
  const limits = programLimits(factors, request);
  return { ...limits, cpuSeconds: Math.min(limits.cpuSeconds, RUN_CEILING.cpuSeconds), wallSecondsCap: RUN_CEILING.wallSeconds };
}

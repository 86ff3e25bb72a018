import { Injectable } from '@nestjs/common';
import type { MainSolutionValidation, ValidationResult } from '@oj/contracts';

import { JudgeService } from '../../judge/judge.service';
import type { ImportedProblem, PackageSolution } from './package-files';

/** Judge0's status of an accepted test and of a compile error. */
const ACCEPTED = 3;
const COMPILE_ERROR = 6;

/**
 * Runs a package's main solution against the tests just imported, through the problem form's validation (a bounded
 * job a worker runs, cancelled when the caller goes). It never throws: the problem is stored already, and whatever
 * kept the solution from running (no worker, a time-out, a language this judge does not run) is said in `message`.
 */
@Injectable()
export class MainSolutionValidator {
  constructor(private readonly judge: JudgeService) {}

  async validate(solution: PackageSolution, problem: ImportedProblem, signal?: AbortSignal): Promise<MainSolutionValidation> {
    const { path, languageId } = solution;
    if (languageId === undefined)
      return { path, languageId: null, result: null, message: `Not run: this judge does not run the language of ${path}.` };
    try {
      const result = await this.judge.validate(
        {
          languageId,
          sourceCode: solution.source,
          cpuTimeLimit: problem.cpuTimeLimit,
          memoryLimit: problem.memoryLimit,
          testCases: problem.testCases.map((t, index) => ({ index, input: t.input, output: t.output, points: t.points })),
          checker: problem.checker,
          ...(problem.interactor ? { interactor: problem.interactor } : {}),
        },
        signal,
      );
      return { path, languageId, result, message: failureSummary(result) };
    } catch (error) {
      return { path, languageId, result: null, message: `Validation unavailable: ${(error as Error).message}` };
    }
  }
}

/** Which tests the solution failed, by number from 1; null when it passed them all. */
function failureSummary(result: ValidationResult): string | null {
  if (result.cases.some((c) => c.s === COMPILE_ERROR)) return 'The main solution did not compile.';
  const failed = result.cases.filter((c) => c.s !== ACCEPTED).map((c) => c.i + 1);
  if (!failed.length) return null;
  return `The main solution failed ${failed.length} of ${result.cases.length} tests: ${failed.slice(0, 20).join(', ')}${failed.length > 20 ? ', …' : ''}.`;
}

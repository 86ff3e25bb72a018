import { Injectable } from '@nestjs/common';
import { CPU_TIME_LIMIT, DEFAULT_TIME_FACTORS, type MainSolutionValidation, type ValidationResult } from '@oj/contracts';

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
      const result = await this.run({ ...solution, languageId }, problem, problem.cpuTimeLimit, signal);
      return { path, languageId, result, message: failureSummary(result) };
    } catch (error) {
      return { path, languageId, result: null, message: `Validation unavailable: ${(error as Error).message}` };
    }
  }

  /**
   * The slowest accepted time among the package's accepted submissions, each run under the longest limit a problem
   * may have and counted in its language's own time (its time divided by its default time factor, as the derived
   * limit is the problem's, which each language's factor multiplies). A submission that does not pass every test,
   * or cannot run, is left out and named in `skipped`; `slowestMs` is undefined when none passed.
   */
  async slowestAccepted(
    submissions: PackageSolution[],
    problem: ImportedProblem,
    signal?: AbortSignal,
  ): Promise<{ slowestMs?: number; slowestPath?: string; skipped: string[] }> {
    let slowest: { ms: number; path: string } | undefined;
    const skipped: string[] = [];
    for (const submission of submissions.slice(0, MAX_TIMED_SUBMISSIONS)) {
      if (submission.languageId === undefined) continue;
      try {
        const result = await this.run({ ...submission, languageId: submission.languageId }, problem, CPU_TIME_LIMIT.max, signal);
        if (failureSummary(result) !== null) {
          skipped.push(`${submission.path} (${failureSummary(result)})`);
          continue;
        }
        const ms = Math.max(0, ...result.cases.map((c) => c.t ?? 0)) / (DEFAULT_TIME_FACTORS[submission.languageId] ?? 1);
        if (!slowest || ms > slowest.ms) slowest = { ms, path: submission.path };
      } catch (error) {
        skipped.push(`${submission.path} (${(error as Error).message})`);
      }
    }
    if (submissions.length > MAX_TIMED_SUBMISSIONS)
      skipped.push(...submissions.slice(MAX_TIMED_SUBMISSIONS).map((s) => `${s.path} (beyond the first ${MAX_TIMED_SUBMISSIONS})`));
    return { ...(slowest ? { slowestMs: slowest.ms, slowestPath: slowest.path } : {}), skipped };
  }

  private run(
    solution: PackageSolution & { languageId: number },
    problem: ImportedProblem,
    cpuTimeLimit: number,
    signal?: AbortSignal,
  ): Promise<ValidationResult> {
    return this.judge.validate(
      {
        languageId: solution.languageId,
        sourceCode: solution.source,
        cpuTimeLimit,
        memoryLimit: problem.memoryLimit,
        ...(problem.outputLimit ? { outputLimit: problem.outputLimit } : {}),
        testCases: problem.testCases.map((t, index) => ({ index, input: t.input, output: t.output, points: t.points })),
        checker: problem.checker,
        ...(problem.interactor ? { interactor: problem.interactor } : {}),
      },
      signal,
    );
  }
}

/** Accepted submissions timed at most, each a validation job on a worker: an import should not hold the queue long. */
const MAX_TIMED_SUBMISSIONS = 5;

/** Which tests the solution failed, by number from 1; null when it passed them all. */
function failureSummary(result: ValidationResult): string | null {
  if (result.cases.some((c) => c.s === COMPILE_ERROR)) return 'The main solution did not compile.';
  const failed = result.cases.filter((c) => c.s !== ACCEPTED).map((c) => c.i + 1);
  if (!failed.length) return null;
  return `The main solution failed ${failed.length} of ${result.cases.length} tests: ${failed.slice(0, 20).join(', ')}${failed.length > 20 ? ', …' : ''}.`;
}

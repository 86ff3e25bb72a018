import { InjectQueue } from '@nestjs/bull';
import { Injectable } from '@nestjs/common';
import {
  CheckerSettings,
  CPU_TIME_LIMIT,
  DEFAULT_CHECKER_TYPE,
  effectiveInteractor,
  MEMORY_LIMIT_MB,
  OUTPUT_LIMIT_MB,
  RunJobData,
  RunResult,
} from '@oj/contracts';
import { checkerOf, interactorOf } from '@oj/db';
import { RUN_JOB_OPTIONS, RUN_QUEUE } from '@oj/messaging';
import { Queue } from 'bull';

import { isAdmin } from '../access';
import type { AuthUser } from '../auth/auth-user';
import { ApiException } from '../common/api-exception';
import { RateLimitService } from '../common/rate-limit/rate-limit.service';
import { AppConfig } from '../config/app-config';
import { ContestsService } from '../contests/contests.service';
import { LanguagesService } from '../languages/languages.service';
import { currentRequestId } from '../logging/request-context';
import { PROBLEM_NOT_FOUND, ProblemsService } from '../problems/problems.service';
import { awaitWorkerJob } from '../queue/await-worker-job';
import { RunRequestDto } from './dto/run.dto';

export const RUN_TIMEOUT_MESSAGE = 'The run timed out. Is a judge worker running?';
export const RUNS_RATE_MESSAGE = 'You are running code too often. Please wait a minute and try again.';

/**
 * Runs a source on the caller's input: queued on the run queue (a worker's share of slots apart from the
 * submissions') and answered when a worker has run it, or cancelled when the caller goes. Nothing is stored and
 * nothing is counted, except the caller's runs per minute.
 */
@Injectable()
export class CustomRunService {
  constructor(
    @InjectQueue(RUN_QUEUE) private readonly queue: Queue<RunJobData>,
    private readonly problems: ProblemsService,
    private readonly contests: ContestsService,
    private readonly languages: LanguagesService,
    private readonly rateLimits: RateLimitService,
    private readonly config: AppConfig,
  ) {}

  /** `signal` aborts when the caller goes: the run is cancelled. */
  async run(caller: AuthUser, dto: RunRequestDto, signal?: AbortSignal): Promise<RunResult> {
    await this.languages.assertRunnable(dto.languageId);
    if (dto.interactor && !isAdmin(caller) && !(await this.problems.editsSomeProblem(caller)))
      throw ApiException.forbidden('Only administrators and problem authors may test an interactor.');
    const { checker, ...limits } = await this.limitsFor(caller, dto);
    // The form's interactor, being tried, stands in for the problem's.
    const problem = dto.interactor ? { ...limits, interactor: effectiveInteractor(dto.interactor) } : limits;
    await this.rateLimits.consume('run', caller.id, this.config.RUNS_PER_MINUTE, RUNS_RATE_MESSAGE);
    // With an expected output the worker judges the run with the problem's checker, as it would a test; an
    // interactive problem's run talks to its interactor, whose input file the text is.
    const expected = dto.expectedOutput === undefined || problem.interactor ? {} : { expected: { output: dto.expectedOutput, checker } };
    const job = await this.queue.add(
      { languageId: dto.languageId, sourceCode: dto.sourceCode, stdin: dto.stdin, ...problem, ...expected, requestId: currentRequestId() },
      RUN_JOB_OPTIONS,
    );
    return awaitWorkerJob<RunResult>(job, {
      timeoutMs: this.config.VALIDATE_TIMEOUT_MS,
      timeoutMessage: RUN_TIMEOUT_MESSAGE,
      runningMessage: `The run did not finish within ${Math.round(this.config.VALIDATE_TIMEOUT_MS / 1000)} s on the judge worker.`,
      failurePrefix: 'The run failed',
      signal,
    });
  }

  /** A problem read through a contest (ContestsService.assertProblemOpen): the contest may open a private one. */
  private async throughContest(contestId: number, problemId: number, caller: AuthUser) {
    await this.contests.assertProblemOpen(contestId, problemId, caller);
    const problem = await this.problems.findProblem(problemId);
    if (!problem) throw ApiException.notFound(PROBLEM_NOT_FOUND);
    return problem;
  }

  /**
   * The problem's limits, checker and interactor when one is named (it must be visible to the caller and allow the
   * language), else the defaults and the line comparison.
   */
  private async limitsFor(
    caller: AuthUser,
    dto: RunRequestDto,
  ): Promise<Pick<RunJobData, 'cpuTimeLimit' | 'memoryLimit' | 'outputLimit' | 'interactor'> & { checker: CheckerSettings }> {
    if (dto.problemId === undefined) {
      if (dto.contestId !== undefined)
        throw ApiException.validation([{ path: 'problemId', message: 'A run in a contest names its problem (problemId).' }]);
      return {
        cpuTimeLimit: CPU_TIME_LIMIT.default,
        memoryLimit: MEMORY_LIMIT_MB.default,
        outputLimit: OUTPUT_LIMIT_MB.default,
        checker: { type: DEFAULT_CHECKER_TYPE },
      };
    }
    const problem =
      dto.contestId === undefined
        ? await this.problems.findVisibleProblem(dto.problemId, caller)
        : await this.throughContest(dto.contestId, dto.problemId, caller);
    if (problem.judge0LanguageIds.length && !problem.judge0LanguageIds.includes(dto.languageId)) {
      throw ApiException.badRequest('This language is not allowed for this problem.', 'languageId');
    }
    const interactor = interactorOf(problem);
    return {
      cpuTimeLimit: problem.cpuTimeLimit,
      memoryLimit: problem.memoryLimit,
      outputLimit: problem.outputLimit,
      checker: checkerOf(problem),
      ...(interactor ? { interactor } : {}),
    };
  }
}

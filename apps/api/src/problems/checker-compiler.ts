import { InjectQueue } from '@nestjs/bull';
import { HttpStatus, Injectable } from '@nestjs/common';
import {
  CheckerCompileJobData,
  CheckerCompileResult,
  CheckerTrialData,
  effectiveValidatorProtocol,
  ERROR_CODES,
  ValidatorProtocolSettings,
} from '@oj/contracts';
import { CHECKER_COMPILE_JOB_OPTIONS, CHECKER_COMPILE_QUEUE } from '@oj/messaging';
import { Queue } from 'bull';

import { ApiException } from '../common/api-exception';
import { AppConfig } from '../config/app-config';
import { LanguagesService, NO_WORKER_MESSAGE } from '../languages/languages.service';
import { currentRequestId } from '../logging/request-context';
import { awaitWorkerJob } from '../queue/await-worker-job';

export const CHECKER_COMPILE_TIMEOUT_MESSAGE = 'Compiling the checker timed out. Is a judge worker running?';

/** What is compiled: a custom checker, or an interactor (the worker compiles both alike, with our testlib.h). */
export type JuryRole = 'checker' | 'interactor';

/**
 * The API cannot compile: a custom checker (or an interactor) is compiled by a worker (in its sandbox, where it will run) through a
 * queued job the API waits for, like test validation. A checker that does not compile is refused with the
 * compiler's output, so a saved problem never has one.
 */
@Injectable()
export class CheckerCompiler {
  constructor(
    @InjectQueue(CHECKER_COMPILE_QUEUE) private readonly queue: Queue<CheckerCompileJobData>,
    private readonly languages: LanguagesService,
    private readonly config: AppConfig,
  ) {}

  /**
   * Compiles the checker on a worker and, given a trial test, runs it there: what the problem form's 'Test checker'
   * shows. `signal` aborts when the caller goes: the job is cancelled. `protocol`: its calling convention, flags
   * and support files (testlib without files when left out).
   */
  async compile(
    source: string,
    languageId: number,
    trial?: CheckerTrialData,
    signal?: AbortSignal,
    role: JuryRole = 'checker',
    protocol?: ValidatorProtocolSettings,
  ): Promise<CheckerCompileResult> {
    if (!(await this.languages.workerAlive()))
      throw new ApiException(HttpStatus.SERVICE_UNAVAILABLE, ERROR_CODES.SERVICE_UNAVAILABLE, NO_WORKER_MESSAGE);
    const data: CheckerCompileJobData = {
      source,
      languageId,
      ...effectiveValidatorProtocol(protocol),
      requestId: currentRequestId(),
      ...(trial ? { trial } : {}),
      ...(role === 'interactor' ? { role } : {}),
    };
    const job = await this.queue.add(data, CHECKER_COMPILE_JOB_OPTIONS);
    return awaitWorkerJob<CheckerCompileResult>(job, {
      timeoutMs: this.config.VALIDATE_TIMEOUT_MS,
      timeoutMessage: CHECKER_COMPILE_TIMEOUT_MESSAGE,
      runningMessage: `Compiling the checker (and its trial) did not finish within ${Math.round(this.config.VALIDATE_TIMEOUT_MS / 1000)} s on the judge worker.`,
      failurePrefix: 'Compiling the checker failed',
      signal,
    });
  }

  /**
   * Refuses a checker or interactor that does not compile (400, with the compiler's output), or that the workers
   * will not run at all (an interactor on the Judge0 engine: 400 naming it).
   */
  async requireCompiles(
    source: string,
    languageId: number,
    signal?: AbortSignal,
    role: JuryRole = 'checker',
    protocol?: ValidatorProtocolSettings,
  ): Promise<void> {
    const result = await this.compile(source, languageId, undefined, signal, role, protocol);
    if (result.refusal) throw ApiException.badRequest(result.refusal, role);
    if (!result.compiled) {
      const what = role === 'checker' ? 'The checker' : 'The interactor';
      throw ApiException.validation(
        [{ path: `${role}.source`, message: `${what} does not compile:\n${result.compilerOutput}` }],
        `${what} does not compile.`,
      );
    }
  }
}

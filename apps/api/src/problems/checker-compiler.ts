import { InjectQueue } from '@nestjs/bull';
import { HttpStatus, Injectable } from '@nestjs/common';
import { CheckerCompileJobData, CheckerCompileResult, CheckerTrialData, ERROR_CODES } from '@oj/contracts';
import { CHECKER_COMPILE_JOB_OPTIONS, CHECKER_COMPILE_QUEUE } from '@oj/messaging';
import { Queue } from 'bull';

import { ApiException } from '../common/api-exception';
import { AppConfig } from '../config/app-config';
import { LanguagesService, NO_WORKER_MESSAGE } from '../languages/languages.service';
import { currentRequestId } from '../logging/request-context';
import { awaitWorkerJob } from '../queue/await-worker-job';

export const CHECKER_COMPILE_TIMEOUT_MESSAGE = 'Compiling the checker timed out. Is a judge worker running?';

/**
 * The API cannot compile: a custom checker is compiled by a worker (in its sandbox, where it will run) through a
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
   * shows. `signal` aborts when the caller goes: the job is cancelled.
   */
  async compile(source: string, languageId: number, trial?: CheckerTrialData, signal?: AbortSignal): Promise<CheckerCompileResult> {
    if (!(await this.languages.workerAlive()))
      throw new ApiException(HttpStatus.SERVICE_UNAVAILABLE, ERROR_CODES.SERVICE_UNAVAILABLE, NO_WORKER_MESSAGE);
    const data: CheckerCompileJobData = { source, languageId, requestId: currentRequestId(), ...(trial ? { trial } : {}) };
    const job = await this.queue.add(data, CHECKER_COMPILE_JOB_OPTIONS);
    return awaitWorkerJob<CheckerCompileResult>(job, {
      timeoutMs: this.config.VALIDATE_TIMEOUT_MS,
      timeoutMessage: CHECKER_COMPILE_TIMEOUT_MESSAGE,
      failurePrefix: 'Compiling the checker failed',
      signal,
    });
  }

  async requireCompiles(source: string, languageId: number, signal?: AbortSignal): Promise<void> {
    const result = await this.compile(source, languageId, undefined, signal);
    if (!result.compiled) {
      throw ApiException.validation(
        [{ path: 'checker.source', message: `The checker does not compile:\n${result.compilerOutput}` }],
        'The checker does not compile.',
      );
    }
  }
}

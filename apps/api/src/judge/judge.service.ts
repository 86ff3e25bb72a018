import { InjectQueue } from '@nestjs/bull';
import { Injectable } from '@nestjs/common';
import { effectiveInteractor, ValidateJobData, ValidationResult } from '@oj/contracts';
import { VALIDATE_JOB_OPTIONS, VALIDATE_QUEUE } from '@oj/messaging';
import { Queue } from 'bull';

import { AppConfig } from '../config/app-config';
import { LanguagesService } from '../languages/languages.service';
import { currentRequestId } from '../logging/request-context';
import { awaitWorkerJob } from '../queue/await-worker-job';
import { ValidateRequestDto } from './dto/validate.dto';

export const VALIDATION_TIMEOUT_MESSAGE = 'Validation timed out. Is a judge worker running?';
/** A worker took the validation and is still at it: the tests take long, not the worker gone. */
export const validationRunningMessage = (seconds: number) =>
  `Validation did not finish within ${seconds} s on the judge worker: the solution is slow on these tests (each may run up to twice its time limit and a second), or it waits its turn. Validate fewer tests at a time, or raise VALIDATE_TIMEOUT_MS.`;

/**
 * Test validation is a queued job like grading; the API waits for its answer, up to a limit, and cancels it when
 * the caller goes.
 */
@Injectable()
export class JudgeService {
  constructor(
    @InjectQueue(VALIDATE_QUEUE) private readonly queue: Queue<ValidateJobData>,
    private readonly languages: LanguagesService,
    private readonly config: AppConfig,
  ) {}

  /** `signal` aborts when the caller goes: the validation is cancelled. */
  async validate(dto: ValidateRequestDto, signal?: AbortSignal): Promise<ValidationResult> {
    await this.languages.assertRunnable(dto.languageId);
    const job = await this.queue.add(
      {
        languageId: dto.languageId,
        sourceCode: dto.sourceCode,
        cpuTimeLimit: dto.cpuTimeLimit,
        memoryLimit: dto.memoryLimit,
        outputLimit: dto.outputLimit,
        testCases: dto.testCases.map((t) => ({ input: t.input, output: t.output, points: t.points })),
        ...(dto.checker ? { checker: dto.checker } : {}),
        ...(dto.interactor ? { interactor: effectiveInteractor(dto.interactor) } : {}),
        requestId: currentRequestId(),
      },
      VALIDATE_JOB_OPTIONS,
    );
    return awaitWorkerJob<ValidationResult>(job, {
      timeoutMs: this.config.VALIDATE_TIMEOUT_MS,
      timeoutMessage: VALIDATION_TIMEOUT_MESSAGE,
      runningMessage: validationRunningMessage(Math.round(this.config.VALIDATE_TIMEOUT_MS / 1000)),
      failurePrefix: 'Validation failed',
      signal,
    });
  }
}

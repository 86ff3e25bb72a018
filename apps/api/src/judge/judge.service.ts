import { InjectQueue } from '@nestjs/bull';
import { HttpStatus, Injectable } from '@nestjs/common';
import { ERROR_CODES, ValidateJobData, ValidationResult } from '@oj/contracts';
import { VALIDATE_JOB_OPTIONS, VALIDATE_QUEUE } from '@oj/messaging';
import { Queue } from 'bull';
import { ApiException } from '../common/api-exception';
import { AppConfig } from '../config/app-config';
import { LanguagesService, NO_WORKER_MESSAGE } from '../languages/languages.service';
import { ValidateRequestDto } from './dto/validate.dto';
import { currentRequestId } from '../logging/request-context';
import { awaitWorkerJob } from '../queue/await-worker-job';

export const VALIDATION_TIMEOUT_MESSAGE = 'Validation timed out. Is a judge worker running?';

/** Test validation is a queued job like grading; the API waits for its answer, up to a limit. */
@Injectable()
export class JudgeService {
  constructor(
    @InjectQueue(VALIDATE_QUEUE) private readonly queue: Queue<ValidateJobData>,
    private readonly languages: LanguagesService,
    private readonly config: AppConfig,
  ) {}

  async validate(dto: ValidateRequestDto): Promise<ValidationResult> {
    if (!(await this.languages.workerAlive())) throw new ApiException(HttpStatus.SERVICE_UNAVAILABLE, ERROR_CODES.SERVICE_UNAVAILABLE, NO_WORKER_MESSAGE);
    if (!(await this.languages.find(dto.languageId))) throw ApiException.badRequest('This language is not available on the judge.', 'languageId');
    const job = await this.queue.add(
      {
        languageId: dto.languageId,
        sourceCode: dto.sourceCode,
        cpuTimeLimit: dto.cpuTimeLimit,
        memoryLimit: dto.memoryLimit,
        testCases: dto.testCases.map((t) => ({ input: t.input, output: t.output, points: t.points })),
        ...(dto.checker ? { checker: dto.checker } : {}),
        requestId: currentRequestId(),
      },
      VALIDATE_JOB_OPTIONS,
    );
    return awaitWorkerJob<ValidationResult>(job, this.config.VALIDATE_TIMEOUT_MS, VALIDATION_TIMEOUT_MESSAGE, 'Validation failed');
  }
}

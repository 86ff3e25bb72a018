import { HttpStatus } from '@nestjs/common';
import { ERROR_CODES } from '@oj/contracts';
import { Job } from 'bull';

import { ApiException } from '../common/api-exception';

/**
 * Waits for a worker's answer to a job the API queued for a request (validation, checker compiles, custom runs), up to
 * `timeoutMs`: then 504 with `timeoutMessage`, and the abandoned job is removed so no worker runs it for nobody.
 * A job the worker failed is a 503 prefixed with `failurePrefix`.
 */
export async function awaitWorkerJob<T>(job: Job, timeoutMs: number, timeoutMessage: string, failurePrefix: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ApiException(HttpStatus.GATEWAY_TIMEOUT, ERROR_CODES.TIMEOUT, timeoutMessage)), timeoutMs);
  });
  try {
    return (await Promise.race([job.finished(), timeout])) as T;
  } catch (error) {
    if (error instanceof ApiException) {
      await job.remove().catch(() => undefined);
      throw error;
    }
    throw new ApiException(
      HttpStatus.SERVICE_UNAVAILABLE,
      ERROR_CODES.SERVICE_UNAVAILABLE,
      `${failurePrefix}: ${(error as Error).message}`,
    );
  } finally {
    clearTimeout(timer);
  }
}

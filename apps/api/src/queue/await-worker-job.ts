import { HttpStatus } from '@nestjs/common';
import { ERROR_CODES } from '@oj/contracts';
import { cancelJob } from '@oj/messaging';
import { Job } from 'bull';

import { ApiException } from '../common/api-exception';

export interface WorkerJobWait {
  timeoutMs: number;
  /** The 504's message when no worker took the job in time. */
  timeoutMessage: string;
  /** The 504's message when a worker took the job but did not answer in time (the work was long, not the worker gone). */
  runningMessage: string;
  /** Prefix of the 503's message when the worker failed the job. */
  failurePrefix: string;
  /** Aborts when the caller has gone (see CallerSignal): nobody waits for the answer any more. */
  signal?: AbortSignal;
}

export const CALLER_GONE_MESSAGE = 'Nobody waits for this answer any more: the request was closed.';

/**
 * Waits for a worker's answer to a job the API queued for a request (validation, checker compiles, custom runs), up to
 * `timeoutMs` (then 504: `runningMessage` if a worker had taken the job, else `timeoutMessage`) or until the caller
 * goes. Either way the abandoned job is cancelled:
 * removed if it still waits, killed on its worker if it runs, so no worker keeps working for nobody.
 * A job the worker failed is a 503 prefixed with `failurePrefix`.
 */
export async function awaitWorkerJob<T>(job: Job, wait: WorkerJobWait): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let onAbort = () => undefined as void;
  const abandoned = new Promise<never>((_, reject) => {
    const give = (message: string) => reject(new ApiException(HttpStatus.GATEWAY_TIMEOUT, ERROR_CODES.TIMEOUT, message));
    timer = setTimeout(() => {
      void job
        .getState()
        .catch(() => 'unknown')
        .then((state) => give(state === 'active' ? wait.runningMessage : wait.timeoutMessage));
    }, wait.timeoutMs);
    onAbort = () => give(CALLER_GONE_MESSAGE);
    if (wait.signal?.aborted) onAbort();
    wait.signal?.addEventListener('abort', onAbort);
  });
  try {
    return (await Promise.race([job.finished(), abandoned])) as T;
  } catch (error) {
    if (error instanceof ApiException) {
      await cancelJob(job).catch(() => undefined);
      throw error;
    }
    throw new ApiException(
      HttpStatus.SERVICE_UNAVAILABLE,
      ERROR_CODES.SERVICE_UNAVAILABLE,
      `${wait.failurePrefix}: ${(error as Error).message}`,
    );
  } finally {
    clearTimeout(timer);
    wait.signal?.removeEventListener('abort', onAbort);
  }
}

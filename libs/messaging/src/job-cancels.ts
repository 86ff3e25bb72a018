import type { Job, Queue } from 'bull';

/**
 * Cancelling a job whose caller has gone (the API stopped waiting for it): a waiting job is removed; an active one
 * is locked by its worker, so the worker is told on the queue's cancel channel, and a short-lived key marks the
 * job for a worker that takes it after the message went out.
 */

/** Seconds the cancel mark outlives the message: longer than a job can wait between being taken and starting. */
export const CANCEL_MARK_TTL_SECONDS = 600;

/** Where a queue's cancels are published (the job id is the message); under the queue's own keys and prefix. */
export function jobCancelsChannel(queue: Queue): string {
  return queue.toKey('cancels');
}

/** The mark of a cancelled job of `queue`. */
export function cancelledJobKey(queue: Queue, jobId: string | number): string {
  return queue.toKey(`cancelled:${jobId}`);
}

/** Cancels `job` wherever it is: removed if still waiting, stopped by its worker if running. */
export async function cancelJob(job: Job): Promise<void> {
  await job.remove().catch(() => undefined);
  await job.queue.client
    .multi()
    .set(cancelledJobKey(job.queue, job.id), '1', 'EX', CANCEL_MARK_TTL_SECONDS)
    .publish(jobCancelsChannel(job.queue), String(job.id))
    .exec();
}

import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { cancelledJobKey, closeRedisConnection, createSubscriberConnection, jobCancelsChannel } from '@oj/messaging';
import { Job, Queue } from 'bull';
import Redis from 'ioredis';

import { WorkerConfig } from '../config/worker-config';

/** Why a cancelled job ended without a result: its caller had gone (see cancelJob). */
export class JobCancelledError extends Error {
  constructor() {
    super('Cancelled: nobody waits for this job any more.');
  }
}

/**
 * The worker's side of cancelJob: one AbortController per active job of the listened queues, aborted when the
 * API publishes the job's cancel, or at once when the job was marked cancelled before it started here.
 */
@Injectable()
export class JobCancellations implements OnApplicationShutdown {
  /** Active jobs' controllers, by their cancel mark's key. */
  private readonly active = new Map<string, AbortController>();
  private subscriber: Redis | null = null;

  constructor(private readonly config: WorkerConfig) {}

  /** Subscribes to the cancels of `queues`; done before any of their jobs is taken. */
  async listen(queues: Queue[]): Promise<void> {
    const byChannel = new Map(queues.map((queue) => [jobCancelsChannel(queue), queue]));
    this.subscriber = createSubscriberConnection(this.config.REDIS_URL);
    this.subscriber.on('message', (channel: string, jobId: string) => {
      const queue = byChannel.get(channel);
      if (queue) this.active.get(cancelledJobKey(queue, jobId))?.abort(new JobCancelledError());
    });
    await this.subscriber.subscribe(...byChannel.keys());
  }

  /**
   * Runs `work` with a signal that aborts when `job` is cancelled; a cancelled job ends with JobCancelledError
   * (Bull fails it; it is tried once, so nobody runs it again), never with a result.
   */
  async run<T>(job: Job, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const key = cancelledJobKey(job.queue, job.id);
    const controller = new AbortController();
    this.active.set(key, controller);
    try {
      // Registered first: a cancel published from here on aborts it, one published before left the mark.
      if (await job.queue.client.exists(key)) controller.abort(new JobCancelledError());
      const result = await work(controller.signal);
      controller.signal.throwIfAborted();
      return result;
    } finally {
      this.active.delete(key);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.subscriber) await closeRedisConnection(this.subscriber);
  }
}

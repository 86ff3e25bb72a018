import { InjectQueue } from '@nestjs/bull';
import { Injectable, Logger } from '@nestjs/common';
import { CHECKER_COMPILE_QUEUE, JUDGE_QUEUE, RUN_QUEUE, VALIDATE_QUEUE } from '@oj/messaging';
import { createMetricsRegistry } from '@oj/observability';
import { Queue } from 'bull';
import { Gauge, Histogram, Registry } from 'prom-client';

import { LiveService } from '../live/live.service';

const JOB_STATES = ['waiting', 'active', 'delayed', 'paused', 'completed', 'failed'] as const;

/**
 * The API's Prometheus metrics. Queue figures are read from Redis at scrape time, so every API replica reports
 * the same shared queues (aggregate them with max, not sum); HTTP latency and open streams are this replica's.
 */
@Injectable()
export class ApiMetrics {
  private readonly logger = new Logger(ApiMetrics.name);
  readonly registry: Registry = createMetricsRegistry();

  readonly httpDuration = new Histogram({
    name: 'oj_http_request_duration_seconds',
    help: 'HTTP request latency by method, route pattern and status code (event streams excluded)',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  constructor(
    @InjectQueue(JUDGE_QUEUE) judgeQueue: Queue,
    @InjectQueue(RUN_QUEUE) runQueue: Queue,
    @InjectQueue(VALIDATE_QUEUE) validateQueue: Queue,
    @InjectQueue(CHECKER_COMPILE_QUEUE) checkerCompileQueue: Queue,
    live: LiveService,
  ) {
    const queues = [judgeQueue, runQueue, validateQueue, checkerCompileQueue];
    const logger = this.logger;
    new Gauge({
      name: 'oj_live_streams_open',
      help: 'Server-sent event streams open on this API instance',
      registers: [this.registry],
      collect() {
        this.set(live.clientCount);
      },
    });
    new Gauge({
      name: 'oj_queue_jobs',
      help: 'Jobs in each state of each queue (completed and failed jobs are kept only briefly)',
      labelNames: ['queue', 'state'],
      registers: [this.registry],
      async collect() {
        this.reset();
        await readQueues(logger, queues, async (queue) => {
          const counts = (await queue.getJobCounts()) as unknown as Record<string, number>;
          for (const state of JOB_STATES) this.set({ queue: queue.name, state }, counts[state] ?? 0);
        });
      },
    });
    new Gauge({
      name: 'oj_queue_depth',
      help: 'Jobs waiting for a worker',
      labelNames: ['queue'],
      registers: [this.registry],
      async collect() {
        this.reset();
        await readQueues(logger, queues, async (queue) => this.set({ queue: queue.name }, await queue.getWaitingCount()));
      },
    });
    new Gauge({
      name: 'oj_queue_oldest_waiting_age_seconds',
      help: 'Age of the oldest job waiting for a worker (0 when none waits)',
      labelNames: ['queue'],
      registers: [this.registry],
      async collect() {
        this.reset();
        await readQueues(logger, queues, async (queue) => {
          const oldest = (await queue.getWaiting(0, 0)).filter(Boolean).map((job) => job.timestamp);
          this.set({ queue: queue.name }, oldest.length ? Math.max(0, (Date.now() - Math.min(...oldest)) / 1000) : 0);
        });
      },
    });
  }
}

/** A scrape while Redis is down shows no queue series rather than failing the whole scrape. */
async function readQueues(logger: Logger, queues: Queue[], read: (queue: Queue) => Promise<void>): Promise<void> {
  try {
    await Promise.all(queues.map(read));
  } catch (error) {
    logger.warn(`Queue metrics unavailable: ${(error as Error).message}`);
  }
}

import { createTestApp, TestApp } from '@oj/api-testing';
import { JudgeJobData } from '@oj/contracts';
import { JUDGE_QUEUE, queueConnection } from '@oj/messaging';
import Queue from 'bull';
import { ChildProcess } from 'child_process';

import { killWorkers } from './compiled-worker';
import { collectLiveEvents } from './grading-audit';

/** A site of the test's own (the API in process) with its live events collected, and the worker processes it spawns. */
export interface WorkerSite {
  t: TestApp;
  live: Awaited<ReturnType<typeof collectLiveEvents>>;
  /** The site's judge queue, to look at its jobs (the test consumes nothing from it). */
  queue: Queue.Queue<JudgeJobData>;
  /** Every worker process the test started: close() kills those still running. */
  workers: ChildProcess[];
  close(): Promise<void>;
}

export async function startWorkerSite(): Promise<WorkerSite> {
  const t = await createTestApp();
  const live = await collectLiveEvents(t.config.REDIS_URL, t.config.REDIS_PREFIX);
  const queue = new Queue<JudgeJobData>(JUDGE_QUEUE, queueConnection(t.config));
  const workers: ChildProcess[] = [];
  return {
    t,
    live,
    queue,
    workers,
    async close() {
      await killWorkers(workers);
      await queue.close();
      live.close();
      await t.close();
    },
  };
}

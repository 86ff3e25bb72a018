import { InjectQueue } from '@nestjs/bull';
import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { JudgeJobData } from '@oj/contracts';
import { stopsAtFirstFailureSql } from '@oj/db';
import { JUDGE_QUEUE, judgeJobOptions } from '@oj/messaging';
import { Queue } from 'bull';
import { DataSource } from 'typeorm';

import { WorkerConfig } from '../config/worker-config';
import { JudgeSubmissionService } from '../grading/judge-submission.service';

/** Submissions looked at per pass; a larger backlog is worked through over the following passes. */
const BATCH = 500;

/**
 * Puts back the submissions whose job Redis lost (a restart without its data, a flushed database): at start-up
 * and every RECONCILE_INTERVAL_MS, every non-final submission untouched for longer than a job lock gets its job
 * again, for its current judge round. Safe on many workers at once: the job id is the submission id and round,
 * so a second add is a no-op.
 */
@Injectable()
export class SubmissionReconciler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(SubmissionReconciler.name);
  private timer?: NodeJS.Timeout;
  private pass?: Promise<number>;

  constructor(
    @InjectQueue(JUDGE_QUEUE) private readonly queue: Queue<JudgeJobData>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly judging: JudgeSubmissionService,
    private readonly config: WorkerConfig,
  ) {}

  onApplicationBootstrap(): void {
    void this.reconcile();
    this.timer = setInterval(() => void this.reconcile(), this.config.RECONCILE_INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.pass;
  }

  /** One pass (joined if one is under way); how many submissions it repaired. Never throws: an outage waits for the next pass. */
  reconcile(): Promise<number> {
    this.pass ??= this.repairAll()
      .catch((error) => {
        this.logger.warn(`Reconciling submissions with the queue failed: ${(error as Error).message}`);
        return 0;
      })
      .finally(() => (this.pass = undefined));
    return this.pass;
  }

  private async repairAll(): Promise<number> {
    const stale: { id: string; judge_round: number; stop: boolean }[] = await this.dataSource.query(
      `SELECT s.id, s.judge_round, ${stopsAtFirstFailureSql('s')} AS stop FROM submissions s
       WHERE counted_at IS NULL AND status IN ('queued', 'running') AND updated_at < now() - $1 * interval '1 millisecond'
       ORDER BY created_at LIMIT $2`,
      [this.config.JOB_LOCK_MS, BATCH],
    );
    let repaired = 0;
    for (const { id, judge_round, stop } of stale) if (await this.repair(id, judge_round, stop)) repaired++;
    if (repaired) this.logger.warn(`Re-queued or ended ${repaired} submission(s) whose judge job was lost.`);
    return repaired;
  }

  /**
   * A missing job is added again; a job that ended without its result being written (its worker died before
   * the failed handler ran) ends the submission failed; a job in no list at all (Redis kept part of its data)
   * is replaced. Waiting, delayed and active jobs are left to Bull, which hands on stalled ones itself.
   */
  private async repair(id: string, round: number, stopAtFirstFailure: boolean): Promise<boolean> {
    const options = judgeJobOptions(id, round);
    const job = await this.queue.getJob(options.jobId);
    const state = job ? await job.getState() : 'missing';
    if (state === 'failed') {
      await this.judging.markFailed(id, job?.failedReason || 'The judge failed.', round);
      return true;
    }
    if (state === 'completed' || state === 'stuck') await job?.remove();
    else if (state !== 'missing') return false;
    await this.queue.add({ submissionId: id, ...(round ? { round } : {}), ...(stopAtFirstFailure ? { stopAtFirstFailure } : {}) }, options);
    return true;
  }
}

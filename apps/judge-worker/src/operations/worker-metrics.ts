import { Injectable } from '@nestjs/common';
import { LiveEventType, SubmissionRow } from '@oj/contracts';
import { createMetricsRegistry } from '@oj/observability';
import { Counter, Histogram, Registry } from 'prom-client';

import { GradingStage } from './grading-stages';

/**
 * The stage histogram's buckets, in seconds: fine from half a millisecond to a tenth of a second, where a
 * submission's fixed costs lie (a run, a round trip, a box), coarse above it (compiles, long runs, queue waits).
 */
export const STAGE_BUCKETS_SECONDS = [
  0.0005, 0.001, 0.0015, 0.002, 0.003, 0.004, 0.005, 0.0075, 0.01, 0.0125, 0.015, 0.0175, 0.02, 0.025, 0.03, 0.04, 0.05, 0.075, 0.1, 0.15,
  0.25, 0.5, 1, 2, 5, 10, 30, 60, 300,
];

/**
 * This worker's grading figures, taken from the submission events it publishes: `finished` is published once per
 * final result, so verdicts are counted once per submission, and progress events say how many tests ran.
 */
@Injectable()
export class WorkerMetrics {
  readonly registry: Registry = createMetricsRegistry();

  private readonly gradingDuration = new Histogram({
    name: 'oj_grading_duration_seconds',
    help: 'Time from grading start to final result (compile and every test) by language',
    labelNames: ['language'],
    buckets: [0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 120, 300],
    registers: [this.registry],
  });

  private readonly verdicts = new Counter({
    name: 'oj_verdicts_total',
    help: 'Final results by language and status (accepted, wrong_answer, tle, rte, ce, failed)',
    labelNames: ['language', 'status'],
    registers: [this.registry],
  });

  private readonly testsRun = new Counter({
    name: 'oj_tests_run_total',
    help: 'Test cases run, by language',
    labelNames: ['language'],
    registers: [this.registry],
  });

  private readonly stageDuration = new Histogram({
    name: 'oj_grading_stage_seconds',
    help: 'Time each stage of a submission took on this worker (queue_wait, job_start, load, mark_running, box, compile, run per test, check per test, result_write, event_publish)',
    labelNames: ['stage'],
    buckets: STAGE_BUCKETS_SECONDS,
    registers: [this.registry],
  });

  /** Tests already counted for each submission being graded here. */
  private readonly testsCounted = new Map<string, number>();

  /** One stage of a submission's grading ended after `ms` milliseconds (see grading-stages.ts). */
  readonly observeStage = (stage: GradingStage, ms: number): void => {
    this.stageDuration.observe({ stage }, Math.max(0, ms) / 1000);
  };

  observe(row: SubmissionRow, type: LiveEventType): void {
    const language = row.language;
    if (type === 'running') this.testsCounted.set(row.id, 0);
    if (type === 'progress' && row.progress) {
      const counted = this.testsCounted.get(row.id) ?? 0;
      if (row.progress.done > counted) this.testsRun.inc({ language }, row.progress.done - counted);
      this.testsCounted.set(row.id, Math.max(counted, row.progress.done));
    }
    if (type === 'finished') {
      this.testsCounted.delete(row.id);
      this.verdicts.inc({ language, status: row.status });
      if (row.startedAt && row.finishedAt) {
        this.gradingDuration.observe({ language }, Math.max(0, (Date.parse(row.finishedAt) - Date.parse(row.startedAt)) / 1000));
      }
    }
  }
}

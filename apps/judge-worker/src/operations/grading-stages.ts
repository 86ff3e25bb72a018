/**
 * The stages of a submission's life on the worker, in order, as `oj_grading_stage_seconds` labels them (the
 * README's metrics table, WorkerMetrics): where the time between the queue and the verdict goes.
 */
export const GRADING_STAGES = [
  /** From the job's arrival in the queue to Bull handing it to this worker (moved to active). */
  'queue_wait',
  /** From Bull's hand-off to the grading starting: Bull fetching the job, the handler being called. */
  'job_start',
  /** Reading the submission, its problem and its tests. */
  'load',
  /** Marking the submission running and publishing its `running` event. */
  'mark_running',
  /** Taking the submission's boxes (a warm slot, or fresh boxes). */
  'box',
  /**
   * The compile (a Python syntax check) in its box; none for a language that skips it. Where Python's check is the
   * first test's child's first step (a fork server's), only the compile step's own time: the check is in that run.
   */
  'compile',
  /** Each test's run, from its input handed to the engine to its outcome. */
  'run',
  /** Each test's checking: the checker's verdict on the run's output. */
  'check',
  /** Writing the final result and its counters (writeFinalResult). */
  'result_write',
  /** Publishing the final `finished` event. */
  'event_publish',
] as const;

export type GradingStage = (typeof GRADING_STAGES)[number];

/** Takes one stage's duration, in milliseconds, as the stage ends. */
export type StageListener = (stage: GradingStage, ms: number) => void;

/** Milliseconds since `startMs` (a performance.now() reading). */
export function elapsedMs(startMs: number): number {
  return performance.now() - startMs;
}

/** Runs `work` and hands its duration to `listener` as `stage`, whether it succeeds or throws. */
export async function timeStage<T>(listener: StageListener | undefined, stage: GradingStage, work: () => Promise<T>): Promise<T> {
  if (!listener) return work();
  const started = performance.now();
  try {
    return await work();
  } finally {
    listener(stage, elapsedMs(started));
  }
}

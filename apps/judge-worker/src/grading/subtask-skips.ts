import { Subtask, TestCaseData, TestCaseResult } from '@oj/contracts';

/**
 * Which tests a grading still runs: once a test of a `min` subtask fails, the subtask has earned nothing, so the
 * rest of its tests are skipped instead of run (a time limit no longer costs one limit per remaining test); with
 * `stopAtFirstFailure` (ICPC-style grading), the first failure skips every test after it.
 * Both engines ask before each test and record each verdict in test order, so they report the same skips.
 */
export class SubtaskSkips {
  private readonly failed = new Set<number>();
  private stopped = false;

  constructor(
    private readonly tests: TestCaseData[],
    private readonly subtasks: Subtask[] = [],
    private readonly stopAtFirstFailure = false,
  ) {}

  /** Test `index`'s result if the grading stopped or its subtask already failed, else null (run it). */
  skipped(index: number): TestCaseResult | null {
    const subtask = this.tests[index].subtask;
    if (!this.stopped && (subtask === undefined || !this.failed.has(subtask))) return null;
    return { index, status: 'skipped', timeMs: null, memoryKB: null, points: 0, ...(subtask === undefined ? {} : { subtask }) };
  }

  /** A test's verdict, tagged with its subtask; a failure in a `min` subtask skips the rest of it. */
  record(result: TestCaseResult): TestCaseResult {
    if (result.status !== 'accepted' && this.stopAtFirstFailure) this.stopped = true;
    const subtask = this.tests[result.index].subtask;
    if (subtask === undefined) return result;
    if (result.status !== 'accepted' && this.subtasks[subtask]?.scoring === 'min') this.failed.add(subtask);
    return { ...result, subtask };
  }
}

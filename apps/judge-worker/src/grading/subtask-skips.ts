import { Subtask, TestCaseData, TestCaseResult } from '@oj/contracts';

/**
 * Which tests a grading still runs: once a test of a `min` subtask fails, the subtask has earned nothing, so the
 * rest of its tests are skipped instead of run (a time limit no longer costs one limit per remaining test).
 * Both engines ask before each test and record each verdict in test order, so they report the same skips.
 */
export class SubtaskSkips {
  private readonly failed = new Set<number>();

  constructor(
    private readonly tests: TestCaseData[],
    private readonly subtasks: Subtask[] = [],
  ) {}

  /** Test `index`'s result if its subtask already failed, else null (run it). */
  skipped(index: number): TestCaseResult | null {
    const subtask = this.tests[index].subtask;
    if (subtask === undefined || !this.failed.has(subtask)) return null;
    return { index, status: 'skipped', timeMs: null, memoryKB: null, points: 0, subtask };
  }

  /** A test's verdict, tagged with its subtask; a failure in a `min` subtask skips the rest of it. */
  record(result: TestCaseResult): TestCaseResult {
    const subtask = this.tests[result.index].subtask;
    if (subtask === undefined) return result;
    if (result.status !== 'accepted' && this.subtasks[subtask]?.scoring === 'min') this.failed.add(subtask);
    return { ...result, subtask };
  }
}

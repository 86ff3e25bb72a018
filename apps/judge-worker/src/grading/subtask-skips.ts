import { Subtask, subtaskPrerequisites, TestCaseData, TestCaseResult } from '@oj/contracts';

/**
 * Which tests a grading still runs: once a test of a `min` subtask fails, the subtask has earned nothing, so the
 * rest of its tests are skipped instead of run (a time limit no longer costs one limit per remaining test); so are
 * the tests of every subtask that needs (`dependsOn`, followed through) a subtask with a failed test, as Polygon does
 * not test a group whose dependencies failed; with `stopAtFirstFailure` (ICPC-style grading), the first failure
 * skips every test after it.
 * Both engines ask before each test and record each verdict in test order, so they report the same skips.
 */
export class SubtaskSkips {
  /** `min` subtasks with a failed test: they can earn nothing more. */
  private readonly failed = new Set<number>();
  /** Subtasks of any scoring with a test that did not pass: those that need them can earn nothing. */
  private readonly broken = new Set<number>();
  private readonly prerequisites: number[][];
  private stopped = false;

  constructor(
    private readonly tests: TestCaseData[],
    private readonly subtasks: Subtask[] = [],
    private readonly stopAtFirstFailure = false,
  ) {
    this.prerequisites = subtasks.map((_, index) => subtaskPrerequisites(subtasks, index));
  }

  /** Test `index`'s result if the grading stopped or its subtask can earn nothing more, else null (run it). */
  skipped(index: number): TestCaseResult | null {
    const subtask = this.tests[index].subtask;
    if (!this.stopped && (subtask === undefined || !this.cannotEarn(subtask))) return null;
    return { index, status: 'skipped', timeMs: null, memoryKB: null, points: 0, ...(subtask === undefined ? {} : { subtask }) };
  }

  /** A test's verdict, tagged with its subtask; a failure in a `min` subtask skips the rest of it. */
  record(result: TestCaseResult): TestCaseResult {
    if (result.status !== 'accepted' && this.stopAtFirstFailure) this.stopped = true;
    const subtask = this.tests[result.index].subtask;
    if (subtask === undefined) return result;
    if (result.status !== 'accepted') {
      this.broken.add(subtask);
      if (this.subtasks[subtask]?.scoring === 'min') this.failed.add(subtask);
    }
    return { ...result, subtask };
  }

  private cannotEarn(subtask: number): boolean {
    return this.failed.has(subtask) || (this.prerequisites[subtask] ?? []).some((p) => this.broken.has(p));
  }
}

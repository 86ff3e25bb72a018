import type { components } from '@oj/api-client';

type TestCaseResult = components['schemas']['TestCaseResultDto'];
type SubtaskResult = components['schemas']['SubtaskResultDto'];

/** A heading over some of a submission's tests: one subtask with what it earned, or the tests in none. */
export interface TestGroup {
  key: string;
  title: string;
  /** Earned and total points; absent for the tests in no subtask. */
  subtask?: SubtaskResult;
  tests: TestCaseResult[];
}

/** The scoring rule as a reader wants it. */
export const SCORING_LABELS: Record<SubtaskResult['scoring'], string> = { sum: 'points per test', min: 'all or nothing' };

/** "Subtask 2", with the subtask's name only when it says more than that ("Subtask 2: Large"). */
export function subtaskTitle(index: number, name: string | undefined): string {
  const plain = `Subtask ${index + 1}`;
  return name && name.trim() !== plain ? `${plain}: ${name}` : plain;
}

/** "needs subtask 1" or "needs subtasks 1 and 3": what a subtask depends on, or '' when nothing. */
export function neededSubtasks(dependsOn: readonly number[] | undefined): string {
  const numbers = (dependsOn ?? []).map((d) => String(d + 1));
  if (!numbers.length) return '';
  const listed = numbers.length === 1 ? numbers[0] : `${numbers.slice(0, -1).join(', ')} and ${numbers[numbers.length - 1]}`;
  return `needs subtask${numbers.length === 1 ? '' : 's'} ${listed}`;
}

/**
 * A submission's tests grouped by subtask, in subtask order, then the tests in none; one untitled group when the
 * result has no subtasks (a problem scored per test).
 */
export function groupTestResults(tests: TestCaseResult[], subtasks: SubtaskResult[] | undefined): TestGroup[] {
  if (!subtasks?.length) return [{ key: 'all', title: '', tests }];
  const groups: TestGroup[] = subtasks.map((s) => ({
    key: `subtask-${s.index}`,
    title: subtaskTitle(s.index, s.name),
    subtask: s,
    tests: tests.filter((t) => t.subtask === s.index),
  }));
  const loose = tests.filter((t) => t.subtask === undefined || !subtasks.some((s) => s.index === t.subtask));
  return loose.length ? [...groups, { key: 'other', title: 'Other tests', tests: loose }] : groups;
}

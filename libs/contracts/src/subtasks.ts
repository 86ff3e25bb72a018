import type { RawPoints } from './units';

/** How a subtask scores: `sum` adds its tests' own points; `min` gives its points only if every test passes. */
export const SUBTASK_SCORINGS = ['sum', 'min'] as const;
export type SubtaskScoring = (typeof SUBTASK_SCORINGS)[number];

/** Not in the spec: enough for any IOI-style problem, and it keeps the form and a result's summary short. */
export const MAX_SUBTASKS = 50;
export const MAX_SUBTASK_NAME_LENGTH = 100;

/**
 * What an all-or-nothing (`min`) subtask may be worth. Unlike a test (SPEC 5: 1 to 1000), it may be worth 0: a gate
 * that earns nothing itself while the subtasks that depend on it need it passed in full, as Polygon's samples group
 * worth 0 points usually is. A `sum` subtask is worth its tests' points, so at least 1.
 */
export const SUBTASK_POINTS = { min: 0, max: 1000 } as const;

/** Whether a subtask is a gate: all or nothing and worth 0, so judged for what depends on it, scoring nothing. */
export function isGate(subtask: Pick<Subtask, 'scoring' | 'points'>): boolean {
  return subtask.scoring === 'min' && subtask.points === SUBTASK_POINTS.min;
}

/** A gate named `name` (see isGate). */
export function gateSubtask(name: string): Subtask {
  return { name, scoring: 'min', points: SUBTASK_POINTS.min };
}

/** Said when every test of a problem is in subtasks worth 0 points: its score would have nothing to be a percent of. */
export const WORTHLESS_PROBLEM_MESSAGE =
  'The problem is worth no points: give a subtask or a test case outside the 0-point subtasks some points.';

/**
 * A group of a problem's tests. A test joins one by its index (`TestCaseData.subtask`); tests in no subtask score
 * on their own, as every test does in a problem without subtasks. For `sum`, `points` is the sum of its tests'
 * points (the API stores it so); for `min`, the tests' own points do not count.
 */
export interface Subtask {
  name?: string;
  scoring: SubtaskScoring;
  points: number;
  /**
   * Indices of the subtasks this one needs (Polygon's group dependencies): it earns nothing unless every test of
   * each of them, and of what they need in turn, passed. Absent or empty: it needs none.
   */
  dependsOn?: number[];
}

/**
 * Every subtask that subtask `index` needs, directly or through others, without itself. A cycle (which the API
 * refuses) cannot loop: each subtask is visited once.
 */
export function subtaskPrerequisites(subtasks: readonly Subtask[], index: number): number[] {
  const seen = new Set<number>([index]);
  const queue = [...(subtasks[index]?.dependsOn ?? [])];
  const needed: number[] = [];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    if (seen.has(next)) continue;
    seen.add(next);
    needed.push(next);
    queue.push(...(subtasks[next]?.dependsOn ?? []));
  }
  return needed.sort((a, b) => a - b);
}

/** The first subtask that needs itself through its dependencies, or null when they form no circle. */
export function subtaskInCycle(subtasks: readonly Subtask[]): number | null {
  for (let index = 0; index < subtasks.length; index++) {
    const direct = subtasks[index].dependsOn ?? [];
    if (direct.includes(index) || direct.some((d) => subtaskPrerequisites(subtasks, d).includes(index))) return index;
  }
  return null;
}

/** What a subtask earned in one grading, stored with the submission's result so later edits do not change it. */
export interface SubtaskResult extends Subtask {
  index: number;
  /** Raw points, out of `points`. */
  earned: RawPoints;
}

/** The part of a test that scoring needs. */
export interface ScoredTest {
  points: number;
  subtask?: number;
}

/** A subtask's worth: its tests' points for `sum`, its own points for `min`. */
export function subtaskWorth(subtask: Subtask, index: number, tests: readonly ScoredTest[]): number {
  if (subtask.scoring === 'min') return subtask.points;
  return tests.reduce((sum, t) => (t.subtask === index ? sum + t.points : sum), 0);
}

/** A problem's total points: tests in no subtask count their own points, each subtask its worth. */
export function problemTotalPoints(tests: readonly ScoredTest[], subtasks: readonly Subtask[]): number {
  const loose = tests.reduce((sum, t) => (t.subtask === undefined ? sum + t.points : sum), 0);
  return subtasks.reduce((sum, s, index) => sum + subtaskWorth(s, index, tests), loose);
}

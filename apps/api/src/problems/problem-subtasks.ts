import { ScoredTest, Subtask, subtaskWorth } from '@oj/contracts';

import type { ErrorDetail } from '../common/api-exception';

/** The rules between a problem's tests and its subtasks, which the DTOs cannot check field by field. */
export function subtaskErrors(tests: readonly ScoredTest[], subtasks: readonly Subtask[]): ErrorDetail[] {
  const errors: ErrorDetail[] = [];
  tests.forEach((t, i) => {
    if (t.subtask !== undefined && t.subtask >= subtasks.length) {
      errors.push({ path: `testCases.${i}.subtask`, message: `Test case ${i + 1} is in subtask ${t.subtask + 1}, which does not exist.` });
    }
  });
  subtasks.forEach((_, index) => {
    if (!tests.some((t) => t.subtask === index))
      errors.push({ path: `subtasks.${index}`, message: `Subtask ${index + 1} has no test cases.` });
  });
  return errors;
}

/** Subtasks as stored: a `sum` subtask is worth its tests' points, whatever the request said. */
export function storedSubtasks(tests: readonly ScoredTest[], subtasks: readonly Subtask[]): Subtask[] {
  return subtasks.map((s, index) => ({ ...(s.name ? { name: s.name } : {}), scoring: s.scoring, points: subtaskWorth(s, index, tests) }));
}

/** A stored test's subtask as the API speaks it: absent rather than null. */
export function subtaskField(subtask: number | null | undefined): { subtask?: number } {
  return subtask === null || subtask === undefined ? {} : { subtask };
}

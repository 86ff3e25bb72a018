import { problemTotalPoints, ScoredTest, Subtask, subtaskInCycle, subtaskWorth, WORTHLESS_PROBLEM_MESSAGE } from '@oj/contracts';

import type { ErrorDetail } from '../common/api-exception';

/** The rules between a problem's tests and its subtasks, which the DTOs cannot check field by field. */
export function subtaskErrors(tests: readonly ScoredTest[], subtasks: readonly Subtask[]): ErrorDetail[] {
  const errors: ErrorDetail[] = [];
  tests.forEach((t, i) => {
    if (t.subtask !== undefined && t.subtask >= subtasks.length) {
      errors.push({ path: `testCases.${i}.subtask`, message: `Test case ${i + 1} is in subtask ${t.subtask + 1}, which does not exist.` });
    }
  });
  subtasks.forEach((subtask, index) => {
    if (!tests.some((t) => t.subtask === index))
      errors.push({ path: `subtasks.${index}`, message: `Subtask ${index + 1} has no test cases.` });
    for (const needed of subtask.dependsOn ?? []) {
      const message =
        needed === index
          ? `Subtask ${index + 1} cannot depend on itself.`
          : needed >= subtasks.length
            ? `Subtask ${index + 1} depends on subtask ${needed + 1}, which does not exist.`
            : null;
      if (message) errors.push({ path: `subtasks.${index}.dependsOn`, message });
    }
  });
  // Only subtasks may be worth 0 (gates), so only they can leave a problem worth nothing to score against.
  if (subtasks.length && !errors.length && problemTotalPoints(tests, subtasks) < 1)
    errors.push({ path: 'subtasks', message: WORTHLESS_PROBLEM_MESSAGE });
  if (!errors.some((e) => e.path.endsWith('.dependsOn'))) {
    const circular = subtaskInCycle(subtasks);
    if (circular !== null)
      errors.push({ path: `subtasks.${circular}.dependsOn`, message: `Subtask ${circular + 1} depends on itself through other subtasks.` });
  }
  return errors;
}

/**
 * Subtasks as stored: a `sum` subtask is worth its tests' points, whatever the request said; its dependencies once
 * each, in order, and left out when there are none.
 */
export function storedSubtasks(tests: readonly ScoredTest[], subtasks: readonly Subtask[]): Subtask[] {
  return subtasks.map((s, index) => {
    const dependsOn = [...new Set(s.dependsOn ?? [])].sort((a, b) => a - b);
    return {
      ...(s.name ? { name: s.name } : {}),
      scoring: s.scoring,
      points: subtaskWorth(s, index, tests),
      ...(dependsOn.length ? { dependsOn } : {}),
    };
  });
}

/** A stored test's subtask as the API speaks it: absent rather than null. */
export function subtaskField(subtask: number | null | undefined): { subtask?: number } {
  return subtask === null || subtask === undefined ? {} : { subtask };
}

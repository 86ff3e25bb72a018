import type { ProblemEntity, TestCaseEntity } from '@oj/db';

import type { ProblemInputDto } from './dto/problem-input.dto';
import { storedSubtasks } from './problem-subtasks';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Names what a PUT changed, for the Problem Updates feed ('Updated statement, limits and test data'). */
export function describeProblemChange(before: ProblemEntity, beforeTests: TestCaseEntity[], after: ProblemInputDto): string | null {
  const parts: string[] = [];
  if (before.title !== after.title) parts.push('title');
  if (
    before.statement !== after.statement ||
    before.inputFormat !== after.inputFormat ||
    before.outputFormat !== after.outputFormat ||
    before.constraints !== after.constraints
  ) {
    parts.push('statement');
  }
  if (!same(before.samples, after.samples)) parts.push('samples');
  if (before.cpuTimeLimit !== after.cpuTimeLimit || before.memoryLimit !== after.memoryLimit || before.outputLimit !== after.outputLimit)
    parts.push('limits');
  const tests = beforeTests.map((t) => ({ input: t.input, output: t.output, points: t.points }));
  if (
    !same(
      tests,
      after.testCases.map((t) => ({ input: t.input, output: t.output, points: t.points })),
    )
  )
    parts.push('test data');
  const afterSubtasks = storedSubtasks(after.testCases, after.subtasks);
  const assignments = (tests: { subtask?: number | null }[]) => tests.map((t) => t.subtask ?? null);
  const regrouped =
    (before.subtasks.length > 0 || afterSubtasks.length > 0) && !same(assignments(beforeTests), assignments(after.testCases));
  if (!same(before.subtasks, afterSubtasks) || regrouped) parts.push('subtasks');
  if (!same([...before.judge0LanguageIds].sort(), [...after.judge0LanguageIds].sort())) parts.push('languages');
  if (before.difficulty !== after.difficulty) parts.push('difficulty');
  if (!same(before.tags, after.tags) || !same(before.algorithms, after.algorithms)) parts.push('tags');
  if (!parts.length) return null;
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
  return `Updated ${list}`;
}

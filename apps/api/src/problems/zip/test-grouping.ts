import type { Subtask } from '@oj/contracts';

export interface TestGrouping {
  /** Per test, in order: the index of its subtask, or undefined for a test in none. */
  assignments: (number | undefined)[];
  subtasks: Subtask[];
  warnings: string[];
}

/** A `subtask<N>/` folder anywhere in the test's path. */
const FOLDER = /(?:^|\/)subtask[-_ ]?(\d+)(?:\/|$)/i;
/** A TPS/CMS-style name `<group>-<test>` (also `_` or `.`), optionally after `subtask`, `group`, `st` or `g`. */
const PREFIX = /^(?:subtask|group|st|g)?[-_]?(\d+)[-_.](\d+)$/i;

/**
 * Subtasks from the names of an archive's tests (labels: the path of a test without its extension, as paired).
 * `subtask<N>/` folders win; otherwise group prefixes count only when every test has one and there are at least
 * two groups, so `2024-01`, `2024-02` stay plain tests. Each group becomes a `min` subtask worth one point per
 * test, ordered by its number, for the author to adjust.
 */
export function groupTests(labels: string[]): TestGrouping {
  const folders = labels.map((label) => FOLDER.exec(label.slice(0, label.lastIndexOf('/') + 1))?.[1]);
  if (folders.some((g) => g !== undefined)) {
    const outside = folders.filter((g) => g === undefined).length;
    const warnings = outside ? [`Tests outside the subtask folders (${outside}) are in no subtask: each counts on its own.`] : [];
    return { ...fromGroups(folders), warnings };
  }
  const prefixes = labels.map((label) => PREFIX.exec(label.slice(label.lastIndexOf('/') + 1))?.[1]);
  const matched = prefixes.filter((g) => g !== undefined);
  if (!matched.length) return { assignments: labels.map(() => undefined), subtasks: [], warnings: [] };
  if (matched.length < labels.length) {
    return {
      assignments: labels.map(() => undefined),
      subtasks: [],
      warnings: ['Some test names have a group prefix and others do not: the grouping is ambiguous, so no subtasks were made.'],
    };
  }
  if (new Set(matched.map(Number)).size < 2) return { assignments: labels.map(() => undefined), subtasks: [], warnings: [] };
  return { ...fromGroups(prefixes), warnings: [] };
}

function fromGroups(groups: (string | undefined)[]): Omit<TestGrouping, 'warnings'> {
  const numbers = [...new Set(groups.filter((g): g is string => g !== undefined).map(Number))].sort((a, b) => a - b);
  const assignments = groups.map((g) => (g === undefined ? undefined : numbers.indexOf(Number(g))));
  const subtasks = numbers.map((n, index): Subtask => ({
    name: `Subtask ${n}`,
    scoring: 'min',
    points: assignments.filter((a) => a === index).length,
  }));
  return { assignments, subtasks };
}

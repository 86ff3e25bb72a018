import { groupTestResults, neededSubtasks, subtaskTitle } from './test-groups';

const test = (index: number, status: 'accepted' | 'tle' | 'skipped', subtask?: number) => ({
  index,
  status,
  timeMs: status === 'skipped' ? null : 5,
  memoryKB: status === 'skipped' ? null : 100,
  points: 0,
  ...(subtask === undefined ? {} : { subtask }),
});

describe('groupTestResults', () => {
  it('groups tests by subtask in subtask order, with the tests in none last', () => {
    const tests = [test(0, 'accepted', 1), test(1, 'tle', 0), test(2, 'skipped', 0), test(3, 'accepted')];
    const subtasks = [
      { index: 0, name: 'Small', scoring: 'min' as const, points: 40, earned: 0 },
      { index: 1, scoring: 'sum' as const, points: 3, earned: 3 },
    ];
    const groups = groupTestResults(tests, subtasks);
    expect(groups.map((g) => [g.title, g.tests.map((t) => t.index), g.subtask?.earned])).toEqual([
      ['Subtask 1: Small', [1, 2], 0],
      ['Subtask 2', [0], 3],
      ['Other tests', [3], undefined],
    ]);
  });

  it('keeps one untitled group for a result without subtasks', () => {
    const tests = [test(0, 'accepted'), test(1, 'tle')];
    expect(groupTestResults(tests, undefined)).toEqual([{ key: 'all', title: '', tests }]);
    expect(groupTestResults(tests, [])).toEqual([{ key: 'all', title: '', tests }]);
  });

  it('names a subtask only when its name says more than its number', () => {
    expect(subtaskTitle(0, 'Subtask 1')).toBe('Subtask 1');
    expect(subtaskTitle(0, undefined)).toBe('Subtask 1');
    expect(subtaskTitle(1, 'n ≤ 1000')).toBe('Subtask 2: n ≤ 1000');
  });
});

describe('neededSubtasks', () => {
  it('names the subtasks one depends on, counting from 1, or nothing', () => {
    expect(neededSubtasks(undefined)).toBe('');
    expect(neededSubtasks([])).toBe('');
    expect(neededSubtasks([0])).toBe('needs subtask 1');
    expect(neededSubtasks([0, 2, 3])).toBe('needs subtasks 1, 3 and 4');
  });
});

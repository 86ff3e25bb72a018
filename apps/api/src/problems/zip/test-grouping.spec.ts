import { groupTests } from './test-grouping';

describe('groupTests', () => {
  it('makes a min subtask of each subtask<N>/ folder, ordered by N, one point per test', () => {
    expect(groupTests(['tests/subtask10/1', 'subtask2/1', 'subtask2/2'])).toEqual({
      assignments: [1, 0, 0],
      subtasks: [
        { name: 'Subtask 2', scoring: 'min', points: 2 },
        { name: 'Subtask 10', scoring: 'min', points: 1 },
      ],
      warnings: [],
    });
  });

  it('leaves tests outside the folders in no subtask, and says so', () => {
    expect(groupTests(['subtask1/1', 'extra'])).toMatchObject({
      assignments: [0, undefined],
      warnings: ['Tests outside the subtask folders (1) are in no subtask: each counts on its own.'],
    });
  });

  it('reads TPS/CMS-style group prefixes when every test has one', () => {
    expect(groupTests(['0-01', '0-02', '1-01', 'tests/g2_01', 'subtask3.1'])).toMatchObject({
      assignments: [0, 0, 1, 2, 3],
      subtasks: [{ name: 'Subtask 0' }, { name: 'Subtask 1' }, { name: 'Subtask 2' }, { name: 'Subtask 3' }],
    });
  });

  it('groups nothing when the prefixes are ambiguous: some tests without one, or a single group', () => {
    expect(groupTests(['1-01', '1-02', '7'])).toEqual({
      assignments: [undefined, undefined, undefined],
      subtasks: [],
      warnings: ['Some test names have a group prefix and others do not: the grouping is ambiguous, so no subtasks were made.'],
    });
    expect(groupTests(['2024-01', '2024-02'])).toEqual({ assignments: [undefined, undefined], subtasks: [], warnings: [] });
    expect(groupTests(['1', '2', '10'])).toEqual({ assignments: [undefined, undefined, undefined], subtasks: [], warnings: [] });
  });
});

import { gateSubtask, isGate, Subtask, subtaskInCycle, subtaskPrerequisites } from './subtasks';

const needs = (...dependsOn: number[]): Subtask => ({ scoring: 'min', points: 1, ...(dependsOn.length ? { dependsOn } : {}) });

describe('subtaskPrerequisites', () => {
  it('follows dependencies through, each subtask once, in index order', () => {
    const subtasks = [needs(), needs(0), needs(1), needs(2, 0), needs()];
    expect(subtaskPrerequisites(subtasks, 3)).toEqual([0, 1, 2]);
    expect(subtaskPrerequisites(subtasks, 0)).toEqual([]);
    expect(subtaskPrerequisites(subtasks, 4)).toEqual([]);
  });

  it('leaves the subtask itself out, even in a circle, and ends', () => {
    expect(subtaskPrerequisites([needs(1), needs(0)], 0)).toEqual([1]);
  });
});

describe('subtaskInCycle', () => {
  it('finds a subtask that needs itself, directly or through others', () => {
    expect(subtaskInCycle([needs(), needs(0), needs(1)])).toBeNull();
    expect(subtaskInCycle([needs(0)])).toBe(0);
    expect(subtaskInCycle([needs(), needs(2), needs(3), needs(1)])).toBe(1);
  });
});

describe('isGate and gateSubtask', () => {
  it('a gate is all or nothing and worth 0; a sum subtask or one worth points is not', () => {
    expect(gateSubtask('sample')).toEqual({ name: 'sample', scoring: 'min', points: 0 });
    expect(isGate(gateSubtask('x'))).toBe(true);
    expect(isGate({ scoring: 'min', points: 1 })).toBe(false);
    expect(isGate({ scoring: 'sum', points: 0 })).toBe(false);
  });
});

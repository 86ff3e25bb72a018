import { Subtask, TestCaseData, TestCaseResult } from '@oj/contracts';

import { aggregateResults, aggregateSubtaskResults } from './grade-aggregate';
import { SubtaskSkips } from './subtask-skips';

const test = (points: number, subtask?: number): TestCaseData => ({
  input: '',
  output: '',
  points,
  ...(subtask === undefined ? {} : { subtask }),
});
const ran = (index: number, status: TestCaseResult['status'], points: number, subtask?: number): TestCaseResult => ({
  index,
  status,
  timeMs: 5,
  memoryKB: 100,
  points: status === 'accepted' ? points : 0,
  ...(subtask === undefined ? {} : { subtask }),
});

/** Grades `verdicts` in order the way both engines do: ask the skips, run, record. */
function grade(
  tests: TestCaseData[],
  subtasks: Subtask[],
  verdicts: TestCaseResult['status'][],
  stopAtFirstFailure = false,
): TestCaseResult[] {
  const skips = new SubtaskSkips(tests, subtasks, stopAtFirstFailure);
  return tests.map((t, index) => skips.skipped(index) ?? skips.record(ran(index, verdicts[index], t.points)));
}

describe('SubtaskSkips', () => {
  it('skips the rest of a min subtask after its first failure, and nothing else', () => {
    const tests = [test(1, 0), test(1, 1), test(1, 0), test(1, 0), test(1)];
    const results = grade(
      tests,
      [
        { scoring: 'min', points: 40 },
        { scoring: 'min', points: 60 },
      ],
      ['accepted', 'accepted', 'tle', 'accepted', 'wrong_answer'],
    );
    expect(results.map((r) => r.status)).toEqual(['accepted', 'accepted', 'tle', 'skipped', 'wrong_answer']);
    expect(results[3]).toEqual({ index: 3, status: 'skipped', timeMs: null, memoryKB: null, points: 0, subtask: 0 });
    expect(results.map((r) => r.subtask)).toEqual([0, 1, 0, 0, undefined]);
  });

  it('runs every test of a sum subtask whatever fails', () => {
    const tests = [test(1, 0), test(1, 0), test(1, 0)];
    expect(grade(tests, [{ scoring: 'sum', points: 3 }], ['tle', 'accepted', 'rte']).map((r) => r.status)).toEqual([
      'tle',
      'accepted',
      'rte',
    ]);
  });

  it('skips nothing in a problem without subtasks, and adds no subtask field', () => {
    const results = grade([test(1), test(1)], [], ['wrong_answer', 'accepted']);
    expect(results).toEqual([ran(0, 'wrong_answer', 1), ran(1, 'accepted', 1)]);
  });

  it('skips every test after the first failure when grading stops there (ICPC), subtasks or not', () => {
    const results = grade([test(1), test(1), test(1)], [], ['accepted', 'tle', 'accepted'], true);
    expect(results).toEqual([
      ran(0, 'accepted', 1),
      ran(1, 'tle', 1),
      { index: 2, status: 'skipped', timeMs: null, memoryKB: null, points: 0 },
    ]);
    const inSubtasks = grade(
      [test(1, 0), test(1, 1), test(1, 1)],
      [
        { scoring: 'sum', points: 1 },
        { scoring: 'sum', points: 2 },
      ],
      ['rte', 'accepted', 'accepted'],
      true,
    );
    expect(inSubtasks.map((r) => [r.status, r.subtask])).toEqual([
      ['rte', 0],
      ['skipped', 1],
      ['skipped', 1],
    ]);
    expect(aggregateResults(results, 3)).toMatchObject({ status: 'tle' });
  });
});

describe('aggregateSubtaskResults', () => {
  const subtasks: Subtask[] = [
    { name: 'Small', scoring: 'min', points: 30 },
    { scoring: 'sum', points: 5 },
  ];
  const tests = [test(1, 0), test(1, 0), test(2, 1), test(3, 1), test(5)];

  it('gives a min subtask its points only when all its tests pass, and a sum subtask its passed points', () => {
    const results = grade(tests, subtasks, ['accepted', 'accepted', 'accepted', 'wrong_answer', 'accepted']);
    const graded = aggregateSubtaskResults(results, tests, subtasks);
    // 30 (min, all passed) + 2 (sum: one of two tests) + 5 (loose) of 30 + 5 + 5.
    expect(graded).toMatchObject({ status: 'wrong_answer', score: Math.round((100 * 37) / 40), earnedPoints: 37, totalPoints: 40 });
    expect(graded.subtasks).toEqual([
      { index: 0, name: 'Small', scoring: 'min', points: 30, earned: 30 },
      { index: 1, scoring: 'sum', points: 5, earned: 2 },
    ]);
    // A min subtask's tests carry no points of their own: the subtask earned them as a whole.
    expect(graded.testCaseResults.slice(0, 2).map((r) => r.points)).toEqual([0, 0]);
  });

  it('gives a failed min subtask nothing, and takes the status of the first failing test, not of a skipped one', () => {
    const results = grade(tests, subtasks, ['tle', 'accepted', 'accepted', 'accepted', 'accepted']);
    const graded = aggregateSubtaskResults(results, tests, subtasks);
    expect(graded.testCaseResults[1].status).toBe('skipped');
    expect(graded).toMatchObject({ status: 'tle', score: Math.round((100 * 10) / 40), runtimeMs: 5 });
    expect(graded.subtasks?.map((s) => s.earned)).toEqual([0, 5]);
  });

  it('accepts when every test passes', () => {
    const graded = aggregateSubtaskResults(grade(tests, subtasks, Array(5).fill('accepted')), tests, subtasks);
    expect(graded).toMatchObject({ status: 'accepted', score: 100 });
  });

  it('is exactly aggregateResults for a problem without subtasks', () => {
    const plain = [test(1), test(2)];
    const results = grade(plain, [], ['accepted', 'wrong_answer']);
    expect(aggregateSubtaskResults(results, plain, [])).toEqual(aggregateResults(results, 3));
  });
});

describe('subtask dependencies (dependsOn)', () => {
  // Polygon's shape: s1 (each test), s2 needs s1, s3 needs s2 (so s1 too); a loose test outside them.
  const subtasks: Subtask[] = [
    { name: 's1', scoring: 'sum', points: 10 },
    { name: 's2', scoring: 'min', points: 30, dependsOn: [0] },
    { name: 's3', scoring: 'min', points: 60, dependsOn: [1] },
  ];
  const tests = [test(5, 0), test(5, 0), test(1, 1), test(1, 2), test(1, 2), test(1)];

  it('gives a subtask nothing, and skips its tests, when a subtask it needs, directly or not, failed a test', () => {
    const results = grade(tests, subtasks, ['accepted', 'wrong_answer', 'accepted', 'accepted', 'accepted', 'accepted']);
    expect(results.map((r) => r.status)).toEqual(['accepted', 'wrong_answer', 'skipped', 'skipped', 'skipped', 'accepted']);
    const graded = aggregateSubtaskResults(results, tests, subtasks);
    expect(graded.subtasks?.map((s) => s.earned)).toEqual([5, 0, 0]);
    expect(graded).toMatchObject({ status: 'wrong_answer', earnedPoints: 6, totalPoints: 101 });
    expect(graded.subtasks?.[2]).toEqual({ index: 2, name: 's3', scoring: 'min', points: 60, dependsOn: [1], earned: 0 });
  });

  it('earns each subtask in full when everything it needs passed, whatever fails after', () => {
    const results = grade(tests, subtasks, ['accepted', 'accepted', 'accepted', 'tle', 'accepted', 'accepted']);
    const graded = aggregateSubtaskResults(results, tests, subtasks);
    expect(graded.subtasks?.map((s) => s.earned)).toEqual([10, 30, 0]);
    expect(graded.earnedPoints).toBe(41);
  });

  it('counts a prerequisite whose tests come later, which ran after its dependant', () => {
    // The dependant's test is first in order, so it runs; its prerequisite then fails: it earns nothing all the same.
    const order = [test(1, 1), test(2, 0)];
    const pair: Subtask[] = [
      { scoring: 'sum', points: 2 },
      { scoring: 'min', points: 7, dependsOn: [0] },
    ];
    const results = grade(order, pair, ['accepted', 'wrong_answer']);
    expect(results.map((r) => r.status)).toEqual(['accepted', 'wrong_answer']);
    expect(aggregateSubtaskResults(results, order, pair).subtasks?.map((s) => s.earned)).toEqual([0, 0]);
  });

  it('scores a gate worth 0 as nothing, yet its failure takes what depends on it and gives the verdict', () => {
    // Polygon's samples group worth 0, which the 30-point group needs.
    const gated: Subtask[] = [
      { name: 'samples', scoring: 'min', points: 0 },
      { name: 'all', scoring: 'min', points: 30, dependsOn: [0] },
    ];
    const order = [test(1, 0), test(1, 1), test(1, 1)];
    const passed = aggregateSubtaskResults(grade(order, gated, ['accepted', 'accepted', 'accepted']), order, gated);
    expect(passed).toMatchObject({ status: 'accepted', earnedPoints: 30, totalPoints: 30, score: 100 });
    const failed = grade(order, gated, ['wrong_answer', 'accepted', 'accepted']);
    expect(failed.map((r) => r.status)).toEqual(['wrong_answer', 'skipped', 'skipped']);
    expect(aggregateSubtaskResults(failed, order, gated)).toMatchObject({ status: 'wrong_answer', earnedPoints: 0, score: 0 });
  });

  it('ends on a circle the API would refuse instead of looping', () => {
    const circle: Subtask[] = [
      { scoring: 'min', points: 1, dependsOn: [1] },
      { scoring: 'min', points: 1, dependsOn: [0] },
    ];
    const pair = [test(1, 0), test(1, 1)];
    const graded = aggregateSubtaskResults(grade(pair, circle, ['accepted', 'accepted']), pair, circle);
    expect(graded.earnedPoints).toBe(2);
  });
});

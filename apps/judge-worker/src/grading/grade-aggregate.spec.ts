import { TestCaseResult } from '@oj/contracts';

import { aggregateResults, compileErrorResult, failedResult } from './grade-aggregate';

const r = (
  index: number,
  status: TestCaseResult['status'],
  points: number,
  timeMs: number | null,
  memoryKB: number | null,
  message?: string,
): TestCaseResult => ({
  index,
  status,
  points,
  timeMs,
  memoryKB,
  ...(message ? { message } : {}),
});

describe('aggregateResults', () => {
  it('accepts when every test passes, with the maxima of time and memory', () => {
    expect(aggregateResults([r(0, 'accepted', 1, 10, 500), r(1, 'accepted', 2, 30, 400)], 3)).toEqual({
      status: 'accepted',
      score: 100,
      earnedPoints: 3,
      totalPoints: 3,
      runtimeMs: 30,
      memoryKB: 500,
      testCaseResults: [r(0, 'accepted', 1, 10, 500), r(1, 'accepted', 2, 30, 400)],
    });
  });

  it('takes the status and message of the first failing test and scores the points passed', () => {
    const result = aggregateResults(
      [r(0, 'accepted', 1, 1, 1), r(1, 'tle', 0, 2000, 1, 'Time limit exceeded'), r(2, 'wrong_answer', 0, 1, 1)],
      3,
    );
    expect(result).toMatchObject({ status: 'tle', score: 33, runtimeMs: 2000, message: 'Test 2: Time limit exceeded' });
    // The raw points beside the percent: the board scales those, never the rounded percent.
    expect(result).toMatchObject({ earnedPoints: 1, totalPoints: 3 });
  });

  it('rounds the score to the nearest integer of points passed over total points', () => {
    expect(aggregateResults([r(0, 'accepted', 2, 1, 1), r(1, 'wrong_answer', 0, 1, 1)], 3).score).toBe(67);
    expect(aggregateResults([r(0, 'rte', 0, 1, 1, 'Memory limit exceeded')], 1)).toMatchObject({ status: 'rte', score: 0 });
  });

  it('keeps unknown figures null instead of inventing them', () => {
    expect(aggregateResults([r(0, 'accepted', 1, null, null)], 1)).toMatchObject({ runtimeMs: null, memoryKB: null });
  });
});

describe("a runtime error's stderr", () => {
  it('stays on the first failing test only, without NUL bytes', () => {
    const results = [
      r(0, 'accepted', 1, 5, 100),
      { ...r(1, 'rte', 0, 5, 100, 'Exit code 1'), stderr: 'Traceback\0 one' },
      { ...r(2, 'rte', 0, 5, 100, 'Exit code 1'), stderr: 'Traceback two' },
    ];
    const stored = aggregateResults(results, 3).testCaseResults;
    expect(stored.map((t) => t.stderr)).toEqual([undefined, 'Traceback one', undefined]);
    expect(stored[2]).toEqual(r(2, 'rte', 0, 5, 100, 'Exit code 1'));
  });
});

describe('compileErrorResult / failedResult', () => {
  it('a compile error runs no test and scores nothing', () => {
    expect(compileErrorResult('main.c:1: error')).toEqual({
      status: 'ce',
      score: 0,
      earnedPoints: 0,
      totalPoints: 0,
      runtimeMs: null,
      memoryKB: null,
      testCaseResults: [],
      message: 'main.c:1: error',
    });
  });

  it("an infrastructure failure is failed, not the program's fault", () => {
    expect(failedResult('box died')).toMatchObject({ status: 'failed', score: 0, testCaseResults: [], message: 'box died' });
  });
});

describe('NUL bytes (jsonb refuses them)', () => {
  it('are dropped from compile output, failure messages and every test message', () => {
    expect(compileErrorResult('error: a\0b\0').message).toBe('error: ab');
    expect(failedResult('box\0 died').message).toBe('box died');
    const result = aggregateResults([r(0, 'rte', 0, 1, 1, 'Exit\0 code 1')], 1);
    expect(result.message).toBe('Test 1: Exit code 1');
    expect(result.testCaseResults[0].message).toBe('Exit code 1');
    expect(JSON.stringify(result)).not.toContain('\\u0000');
  });
});

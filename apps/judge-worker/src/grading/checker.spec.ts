import { outputsMatch } from './checker';
import { aggregateResults } from './grade-aggregate';

describe('standard checker', () => {
  it.each([
    ['3\n', '3\n', true],
    ['3', '3\n', true],
    ['3  \n\n\n', '3\n', true],
    ['1 2 \r\n3\t\r\n', '1 2\n3\n', true],
    ['1  2\n', '1 2\n', false],
    [' 3\n', '3\n', false],
    ['3\n4\n', '3\n', false],
    ['', '\n\n', true],
    ['\n3\n', '3\n', false],
  ])('%j vs %j → %s', (actual, expected, same) => {
    expect(outputsMatch(actual, expected)).toBe(same);
  });
});

describe('aggregateResults', () => {
  const r = (index: number, status: 'accepted' | 'wrong_answer' | 'tle', points: number, timeMs: number, memoryKB: number) => ({
    index, status, points, timeMs, memoryKB,
  });

  it('accepts when every test passes, with the maxima of time and memory', () => {
    expect(aggregateResults([r(0, 'accepted', 1, 10, 500), r(1, 'accepted', 2, 30, 400)], 3)).toMatchObject({
      status: 'accepted', score: 100, runtimeMs: 30, memoryKB: 500,
    });
  });

  it('takes the status of the first failing test and scores points passed', () => {
    expect(aggregateResults([r(0, 'accepted', 1, 1, 1), r(1, 'tle', 0, 2000, 1), r(2, 'wrong_answer', 0, 1, 1)], 3)).toMatchObject({
      status: 'tle', score: 33,
    });
  });
});

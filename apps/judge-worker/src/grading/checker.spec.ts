import { outputsMatch } from './checker';

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

import { trimLineEnds } from './text';

describe('trimLineEnds', () => {
  it.each([
    ['', ''],
    ['a', 'a'],
    ['a  ', 'a'],
    ['a \t\r\n b \n\n  \n', 'a\n b\n\n\n'],
    ['1 2\r\n3\f\v\n', '1 2\n3\n'],
    ['x\u00a0\n', 'x\u00a0\n'],
  ])('%j → %j', (text, trimmed) => {
    expect(trimLineEnds(text)).toBe(trimmed);
  });

  it('takes a long run of spaces that does not end its line in one pass', () => {
    const text = `${' '.repeat(1_000_000)}x\n${' '.repeat(1_000_000)}`;
    expect(trimLineEnds(text)).toBe(`${' '.repeat(1_000_000)}x\n`);
  });
});

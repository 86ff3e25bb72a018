import { Readable } from 'stream';

import { outputsMatch, StreamingChecker, streamMatches } from './checker';

const RULES: [string, string, boolean][] = [
  ['3\n', '3\n', true],
  ['3', '3\n', true],
  ['3  \n\n\n', '3\n', true],
  ['1 2 \r\n3\t\r\n', '1 2\n3\n', true],
  ['1  2\n', '1 2\n', false],
  [' 3\n', '3\n', false],
  ['3\n4\n', '3\n', false],
  ['3\n', '3\n4\n', false],
  ['', '\n\n', true],
  ['\n3\n', '3\n', false],
  ['a\n \t\nb\n', 'a\n\nb\n', true],
  ['a\n\nb\n', 'a\nb\n', false],
  ['a \f\v\n', 'a\n', true],
  ['a b\n', 'a\tb\n', false],
  ['a\tb \n', 'a\tb\n', true],
  ['ab\n', 'a\n', false],
  ['a\n', 'ab\n', false],
  ['\n\n\n', '', true],
  ['  \n  ', '', true],
  ['x', '', false],
  ['héllo  \n', 'héllo\n', true],
  ['a\r\nb\r\n\r\n', 'a\nb\n', true],
  ['a\rb\n', 'a b\n', false],
];

/** `text` cut into chunks of `size` bytes: every rule must hold whatever the chunk boundaries. */
function chunks(text: string, size: number): Buffer[] {
  const bytes = Buffer.from(text, 'utf8');
  const out: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.subarray(i, i + size));
  return out;
}

describe('standard checker', () => {
  it.each(RULES)('%j vs %j → %s', (actual, expected, same) => {
    expect(outputsMatch(actual, expected)).toBe(same);
  });

  it.each([1, 2, 3, 7])('gives the same answers on chunks of %i bytes', async (size) => {
    for (const [actual, expected, same] of RULES) {
      const checker = new StreamingChecker(expected);
      for (const chunk of chunks(actual, size)) checker.push(chunk);
      expect([actual, expected, checker.matches()]).toEqual([actual, expected, same]);
      expect([actual, expected, await streamMatches(Readable.from(chunks(actual, size)), expected)]).toEqual([actual, expected, same]);
    }
  });

  it('ignores trailing whitespace and empty lines that arrive in later chunks', async () => {
    const output = ['12', '  ', '\t\r', '\n', '\n\n', '   ', '\n'];
    expect(await streamMatches(Readable.from(output.map((s) => Buffer.from(s))), '12\n')).toBe(true);
    expect(await streamMatches(Readable.from([...output, 'x'].map((s) => Buffer.from(s))), '12\n')).toBe(false);
  });

  it('compares expected whitespace in the middle of a line across chunks', async () => {
    const output = ['1', ' ', ' ', '2'].map((s) => Buffer.from(s));
    expect(await streamMatches(Readable.from(output), '1  2')).toBe(true);
    expect(await streamMatches(Readable.from(output), '1 2')).toBe(false);
  });

  it('stops at the first difference instead of reading the rest', async () => {
    let read = 0;
    async function* endless() {
      for (;;) {
        read++;
        yield Buffer.from('y\n');
      }
    }
    expect(await streamMatches(endless(), 'y\nn\n')).toBe(false);
    expect(read).toBe(2);
  });

  it('takes the attacks on the old regex in its stride: 200,000 spaces then x, and megabytes of blank lines', () => {
    expect(outputsMatch(`${' '.repeat(200_000)}x`, 'x')).toBe(false);
    expect(outputsMatch(`x${' '.repeat(200_000)}\n`, 'x')).toBe(true);
    expect(outputsMatch('\n'.repeat(8 << 20), '')).toBe(true);
  });
});

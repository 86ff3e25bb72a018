import { trimLineEnds } from '@oj/contracts';

import { isBlankText, isEmptyWhenTrimmed, SLICE_BYTES, textSlices, trimmedSlices } from './test-text-slices';

describe('textSlices', () => {
  it('cuts between characters, never inside a 4-byte one (a surrogate pair)', () => {
    const text = `${'a'.repeat(SLICE_BYTES - 2)}😀é€${'b'.repeat(SLICE_BYTES)}`;
    const slices = [...textSlices(Buffer.from(text))];
    expect(slices.join('')).toBe(text);
    expect(slices[0].endsWith('a')).toBe(true);
    expect(slices.every((slice) => Buffer.byteLength(slice) <= SLICE_BYTES)).toBe(true);
  });
});

describe('trimmedSlices', () => {
  it.each([
    ['a line whose trailing spaces span slices', ['ab  ', '  ', ' \t', '\ncd ']],
    ['spaces that go on with text', ['ab  ', '   ', 'x\n']],
    ['a slice that starts with the end of a line', ['ab ', '\n  \n', '  x  ']],
    ['slices of spaces alone at the end', ['x', '  ', '\r']],
    ['blank lines and CRLF', ['  \r\n', '\r\n \t', ' ', '\n', 'y \r\n']],
  ])('trims %s as trimLineEnds trims the whole text', (_, slices) => {
    expect([...trimmedSlices(slices)].join('')).toBe(trimLineEnds(slices.join('')));
  });

  it('trims random slicings of random text as trimLineEnds does', () => {
    const alphabet = ['a', ' ', '\t', '\n', '\r', '😀'];
    for (let round = 0; round < 200; round++) {
      const text = Array.from({ length: 40 }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join('');
      const slices: string[] = [];
      for (let start = 0; start < text.length;) {
        const end = Math.min(text.length, start + 1 + Math.floor(Math.random() * 6));
        slices.push(text.slice(start, end));
        start = end;
      }
      expect([...trimmedSlices(slices)].join('')).toBe(trimLineEnds(text));
    }
  });
});

describe('emptiness', () => {
  it('sees blank files as String.prototype.trim does, and empty ones as trimLineEnds leaves them', async () => {
    expect(await isBlankText(Buffer.from(' \n\u00a0'))).toBe(true);
    expect(await isBlankText(Buffer.from(`${' '.repeat(SLICE_BYTES)}x`))).toBe(false);
    // Every space trim removes, ASCII and not, alone and after ASCII spaces; and what follows them decides.
    const spaces = '\t\n\v\f\r \u00a0\u1680\u2000\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';
    expect(spaces.trim()).toBe('');
    for (const space of spaces) {
      expect(await isBlankText(Buffer.from(`  ${space}\n`))).toBe(true);
      expect(await isBlankText(Buffer.from(`${space} é`))).toBe(false);
      expect(await isBlankText(Buffer.from(`\t${space}x`))).toBe(false);
    }
    expect(await isBlankText(Buffer.from(''))).toBe(true);
    expect(await isBlankText(Buffer.from('\u0085'))).toBe(false);
    expect(await isEmptyWhenTrimmed(Buffer.from(' \t\r'))).toBe(true);
    expect(await isEmptyWhenTrimmed(Buffer.from(' \n'))).toBe(false);
  });
});

import { diffSources } from './source-diff';

const lines = (n: number, prefix = 'line') => Array.from({ length: n }, (_, i) => `${prefix} ${i + 1}`);

describe('diffSources', () => {
  it('numbers each changed line on its side, with three lines of context', () => {
    const before = lines(10).join('\n');
    const after = [...lines(4), 'changed 5', ...lines(10).slice(5), 'line 11'].join('\n');
    const diff = diffSources(before, after);
    expect({ added: diff.added, removed: diff.removed }).toEqual({ added: 2, removed: 1 });
    expect(diff.hunks).toHaveLength(1);
    const [hunk] = diff.hunks;
    expect(hunk.lines.slice(0, 5)).toEqual([
      { kind: 'same', before: 2, after: 2, text: 'line 2' },
      { kind: 'same', before: 3, after: 3, text: 'line 3' },
      { kind: 'same', before: 4, after: 4, text: 'line 4' },
      { kind: 'removed', before: 5, after: null, text: 'line 5' },
      { kind: 'added', before: null, after: 5, text: 'changed 5' },
    ]);
    expect(hunk.lines.at(-1)).toEqual({ kind: 'added', before: null, after: 11, text: 'line 11' });
  });

  it('keeps far-apart changes in hunks of their own', () => {
    const before = lines(30);
    const after = [...before];
    after[1] = 'first change';
    after[27] = 'second change';
    const diff = diffSources(before.join('\n'), after.join('\n'));
    expect(diff.hunks.map((h) => [h.before.start, h.after.start])).toEqual([
      [1, 1],
      [25, 25],
    ]);
  });

  it('finds nothing between the same code with other line ends, or without the final one', () => {
    expect(diffSources('a\nb\n', 'a\r\nb\r\n').hunks).toEqual([]);
    expect(diffSources('a\nb', 'a\nb\n').hunks).toEqual([]);
    expect(diffSources('', '').hunks).toEqual([]);
    const lastLine = diffSources('a\nb', 'a\nc');
    expect(lastLine.hunks[0].lines.map((l) => [l.kind, l.text])).toEqual([
      ['same', 'a'],
      ['removed', 'b'],
      ['added', 'c'],
    ]);
  });
});

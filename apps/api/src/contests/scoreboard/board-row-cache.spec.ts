import { BoardRowCache } from './board-row-cache';

const folds = (n: number) => ({ live: `"solved":${n}`, public: `"solved":${n - 1}` });

describe('BoardRowCache', () => {
  it('returns a row only at the version it was kept at', () => {
    const rows = new BoardRowCache(10);
    rows.set('a', '100', folds(1));
    expect(rows.get('a', '100')).toEqual(folds(1));
    expect(rows.get('a', '101')).toBeUndefined();
    expect(rows.get('b', '100')).toBeUndefined();
    rows.set('a', '101', folds(2));
    expect(rows.get('a', '100')).toBeUndefined();
    expect(rows.get('a', '101')).toEqual(folds(2));
    expect(rows.size).toBe(1);
  });

  it('keeps at most its bound of rows, the least recently read going first', () => {
    const rows = new BoardRowCache(2);
    rows.set('a', '1', folds(1));
    rows.set('b', '1', folds(2));
    expect(rows.get('a', '1')).toBeDefined();
    rows.set('c', '1', folds(3));
    expect(rows.size).toBe(2);
    expect(rows.get('b', '1')).toBeUndefined();
    expect(rows.get('a', '1')).toEqual(folds(1));
    expect(rows.get('c', '1')).toEqual(folds(3));
  });
});

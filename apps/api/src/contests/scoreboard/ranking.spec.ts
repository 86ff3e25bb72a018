import type { ContestFormat } from '@oj/contracts';

import { keysOf, type OrderedRow, type RankColumns, Ranking } from './ranking';

/** An ICPC row: solved, penalty, last AC minute (the index's keys), id in its index order. */
const icpc = (id: string, solved: number, penalty: number, lastAc: number, version = '1'): OrderedRow => ({
  id,
  keys: [solved, penalty, lastAc],
  version,
  username: id,
});

/** The board ranked from nothing: every row sorted by a plain comparison, each ranked one plus those strictly before. */
function fromScratch(rows: OrderedRow[], directions: number[], rankingKeys: number) {
  const before = (a: OrderedRow, b: OrderedRow, keys: number) => {
    for (let k = 0; k < keys; k++) if (a.keys[k] !== b.keys[k]) return (a.keys[k] - b.keys[k]) * directions[k] < 0;
    return false;
  };
  const sorted = [...rows].sort((a, b) =>
    before(a, b, directions.length) ? -1 : before(b, a, directions.length) ? 1 : a.id < b.id ? -1 : 1,
  );
  return sorted.map((row) => ({ id: row.id, rank: 1 + rows.filter((other) => before(other, row, rankingKeys)).length }));
}

describe('Ranking', () => {
  const board = () => new Ranking('icpc', [icpc('c', 3, 100, 60), icpc('a', 2, 50, 30), icpc('b', 2, 50, 30), icpc('d', 2, 50, 40)], 1);
  const ranks = (order: Ranking, offset = 0, limit: number | null = null) => order.page(offset, limit).map((r) => `${r.rank}:${r.id}`);

  it('ranks as in sport on every page: a tie shares its rank with the rows before the page that tie it', () => {
    const order = board();
    expect(ranks(order)).toEqual(['1:c', '2:a', '2:b', '4:d']);
    expect([ranks(order, 0, 2), ranks(order, 2, 2)]).toEqual([
      ['1:c', '2:a'],
      ['2:b', '4:d'],
    ]);
    expect([0, 1, 2, 3].map((offset) => ranks(order, offset, 1)[0])).toEqual(['1:c', '2:a', '2:b', '4:d']);
    expect(order.find('b')).toMatchObject({ id: 'b', rank: 2 });
    expect(order.find('x')).toBeNull();
  });

  it('ranks rows of another kind in among its own (withRows), marked, and leaves itself as it was', () => {
    const order = board();
    const virtual = (row: OrderedRow): OrderedRow => ({ ...row, virtual: true });
    const both = order.withRows([virtual(icpc('v2', 1, 10, 10)), virtual(icpc('v1', 2, 50, 30)), virtual(icpc('v0', 5, 300, 100))]);
    expect(ranks(both)).toEqual(['1:v0', '2:c', '3:a', '3:b', '3:v1', '6:d', '7:v2']);
    expect(both.page(0, null).map((row) => row.virtual === true)).toEqual([true, false, false, false, true, false, true]);
    expect(ranks(both, 4, 2)).toEqual(['3:v1', '6:d']);
    expect(ranks(order)).toEqual(['1:c', '2:a', '2:b', '4:d']);
    expect(ranks(order.withRows([]))).toEqual(ranks(order));
  });

  it('answers a page past the end, however far, with no row', () => {
    expect(board().page(4, 2)).toEqual([]);
    expect(board().page(2_147_483_647 * 100, 100)).toEqual([]);
  });

  it('moves a row to its new place, adds a new one, and never moves a row back to what an earlier read saw', () => {
    const order = board();
    order.place(icpc('d', 4, 200, 90, '2'), 3);
    expect(ranks(order)).toEqual(['1:d', '2:c', '3:a', '3:b']);
    expect(order.find('d')).toMatchObject({ version: '2' });
    // A read issued before the one that placed d (ticket 2 < 3) saw it older: ignored.
    order.place(icpc('d', 2, 50, 40, '1'), 2);
    expect(ranks(order)).toEqual(['1:d', '2:c', '3:a', '3:b']);
    order.place(icpc('e', 0, 0, 0), 4);
    expect(ranks(order)).toEqual(['1:d', '2:c', '3:a', '3:b', '5:e']);
    expect(order.size).toBe(5);
  });

  it.each<[ContestFormat, number[], number]>([
    ['icpc', [-1, 1, 1], 3],
    ['atcoder', [-1, 1], 2],
    ['ioi', [-1, 1], 1],
  ])('keeps a %s board as ranking it from nothing would, through 2,000 random results', (format, directions, rankingKeys) => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    // Few distinct values, so ties are everywhere.
    const row = (id: string): OrderedRow => ({ id, keys: directions.map(() => random(4)), version: '1', username: null });
    const ids = Array.from({ length: 60 }, (_, i) => `0000000${i.toString(16).padStart(2, '0')}-0000-4000-8000-000000000000`);
    const rows = ids.map(row);
    const order = new Ranking(
      format,
      fromScratch(rows, directions, rankingKeys).map(({ id }) => rows.find((r) => r.id === id)!),
      0,
    );
    for (let ticket = 1; ticket <= 2_000; ticket++) {
      const changed = row(ids[random(ids.length)]);
      rows[rows.findIndex((r) => r.id === changed.id)] = changed;
      order.place(changed, ticket);
    }
    expect(order.page(0, null).map(({ id, rank }) => ({ id, rank }))).toEqual(fromScratch(rows, directions, rankingKeys));
    const offset = 17;
    expect(order.page(offset, 9).map(({ id, rank }) => ({ id, rank }))).toEqual(
      fromScratch(rows, directions, rankingKeys).slice(offset, offset + 9),
    );
  });

  it('takes each view’s keys from the row’s columns', () => {
    const columns: RankColumns = {
      solved: 3,
      score: 250.5,
      penalty: 80,
      last_ac_minute: 41,
      public_solved: 2,
      public_score: 200,
      public_penalty: 50,
      public_last_ac_minute: 30,
    };
    expect(keysOf('icpc', 'live', columns)).toEqual([3, 80, 41]);
    expect(keysOf('icpc', 'public', columns)).toEqual([2, 50, 30]);
    expect(keysOf('atcoder', 'live', columns)).toEqual([250.5, 80]);
    expect(keysOf('oi', 'public', columns)).toEqual([200, 50]);
  });
});

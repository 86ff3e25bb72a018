import type { Scoreboard } from './api';
import { withChangedRow } from './board-rows';

const cell = (extra: Record<string, unknown> = {}) => ({ attempts: 0, solved: false, score: 0, minute: null, pending: 0, ...extra });
const row = (rank: number, username: string, solved: number, penalty: number, cells = {}) => ({
  rank,
  username,
  virtual: false,
  solved,
  score: solved,
  penalty,
  cells,
});

const board = (extra: Partial<Scoreboard> = {}): Scoreboard => ({
  format: 'icpc',
  labels: ['A', 'B'],
  frozen: false,
  items: [row(1, 'bob', 2, 70), row(2, 'carol', 1, 40), row(3, 'alice', 1, 50)],
  mine: row(3, 'alice', 1, 50),
  firstSolvers: {},
  problemTotals: { A: { solved: 5, tried: 9 }, B: { solved: 2, tried: 4 } },
  total: 3,
  totalPages: 1,
  page: 1,
  limit: 100,
  virtualMinute: null,
  ...extra,
});

describe('withChangedRow', () => {
  it('puts the row in place and re-ranks the page by the rules, the caller’s own row too', () => {
    const next = withChangedRow(board(), row(0, 'alice', 2, 60));
    expect(next?.items.map((r) => [r.rank, r.username])).toEqual([
      [1, 'alice'],
      [2, 'bob'],
      [3, 'carol'],
    ]);
    expect(next?.mine).toMatchObject({ rank: 1, username: 'alice', solved: 2 });
  });

  it("moves the whole board's solved / tried by what the changed row's cells changed", () => {
    const trying = board({ items: [row(1, 'bob', 2, 70), row(2, 'carol', 1, 40), row(3, 'alice', 0, 0, { B: cell({ attempts: 1 }) })] });
    const next = withChangedRow(
      trying,
      row(0, 'alice', 1, 60, { A: cell({ pending: 1 }), B: cell({ solved: true, attempts: 1, score: 1 }) }),
    );
    // A: a try pending behind the freeze is tried; B: alice had tried already, now she solved it.
    expect(next?.problemTotals).toEqual({ A: { solved: 5, tried: 10 }, B: { solved: 3, tried: 4 } });
  });

  it('numbers ties as in sport and breaks ICPC ties by the earlier last first-AC', () => {
    const solvedAt = (minute: number) => ({ A: cell({ solved: true, score: 1, minute }) });
    const tied = board({ items: [row(1, 'bob', 1, 40, solvedAt(40)), row(2, 'carol', 1, 45, solvedAt(45)), row(3, 'alice', 0, 0)] });
    expect(withChangedRow(tied, row(0, 'carol', 1, 40, solvedAt(20)))?.items.map((r) => [r.rank, r.username])).toEqual([
      [1, 'carol'],
      [2, 'bob'],
      [3, 'alice'],
    ]);
    expect(withChangedRow(tied, row(0, 'carol', 1, 40, solvedAt(40)))?.items.map((r) => r.rank)).toEqual([1, 1, 3]);
  });

  it('goes on from the page’s first rank on a later page', () => {
    const page2 = board({ page: 2, totalPages: 2, items: [row(101, 'bob', 2, 70), row(102, 'carol', 1, 40), row(103, 'alice', 1, 50)] });
    expect(withChangedRow(page2, row(0, 'alice', 1, 45))?.items.map((r) => [r.rank, r.username])).toEqual([
      [101, 'bob'],
      [102, 'carol'],
      [103, 'alice'],
    ]);
  });

  it('gives up (the page is read again) for a row not on the page or one moving onto another page', () => {
    expect(withChangedRow(board(), row(0, 'dave', 3, 10))).toBeNull();
    const page2 = board({ page: 2, totalPages: 3, items: [row(101, 'bob', 2, 70), row(102, 'carol', 1, 40), row(103, 'alice', 1, 50)] });
    expect(withChangedRow(page2, row(0, 'alice', 3, 10))).toBeNull();
    expect(withChangedRow(page2, row(0, 'bob', 0, 0))).toBeNull();
  });
});

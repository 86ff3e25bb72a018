import { type ContestRowTotals, type ProblemTotals, problemTotalsOf, rankRows, type ScoreboardRow } from '@oj/contracts';

import type { Scoreboard } from './api';

/** A row's rank inputs, from the totals the server sent and its cells (ICPC's tie break: the last first-AC). */
function totalsOf(row: ScoreboardRow): ContestRowTotals {
  const minutes = Object.values(row.cells).flatMap((cell) => (cell.solved ? [cell.minute ?? 0] : []));
  return { solved: row.solved, score: row.score, penalty: row.penalty, lastAcMinute: minutes.length ? Math.max(...minutes) : null };
}

/**
 * The page with a changed row (a stream `row` event) put in place and the page re-ranked with the format's rules,
 * or null when this page cannot tell where the row now stands: it is not on the page, or it moved past the page's
 * first or last row, onto another page. The caller reads the page again then.
 */
export function withChangedRow(board: Scoreboard, row: ScoreboardRow): Scoreboard | null {
  const at = board.items.findIndex((r) => r.username !== null && r.username === row.username);
  if (at < 0) return null;
  const items = board.items.map((r, i) => (i === at ? row : r));
  const ranked = rankRows(
    board.format,
    items.map((r) => ({ row: r, totals: totalsOf(r) })),
  );
  const position = ranked.findIndex((r) => r.row === row);
  const leftThePage = (position === 0 && board.page > 1) || (position === items.length - 1 && board.page < board.totalPages);
  if (leftThePage && ranked.length > 1) return null;
  // Ranks go on from the page's first rank, which may be shared with the page before.
  const base = board.items[0].rank - 1;
  const rows = ranked.map(({ row: r, rank }) => ({ ...r, rank: base + rank }));
  const mine = board.mine && rows.find((r) => r.username === board.mine?.username);
  return { ...board, items: rows, mine: mine ?? board.mine, problemTotals: movedTotals(board, board.items[at], row) };
}

/** The whole board's solved / tried with one row's cells changed from `before` to `after`. */
function movedTotals(board: Scoreboard, before: ScoreboardRow, after: ScoreboardRow): ProblemTotals {
  const [was, now] = [problemTotalsOf(board.labels, [before]), problemTotalsOf(board.labels, [after])];
  return Object.fromEntries(
    board.labels.map((label) => {
      const total = board.problemTotals[label] ?? { solved: 0, tried: 0 };
      return [
        label,
        { solved: total.solved + now[label].solved - was[label].solved, tried: total.tried + now[label].tried - was[label].tried },
      ];
    }),
  );
}

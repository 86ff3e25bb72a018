import { type ContestCell, type ContestFormat, EMPTY_CELL, rankRows, rowFromCells, type ScoreboardRow } from '@oj/contracts';

/** A board row during the reveal: what it shows now, and the final cells still to be shown. */
export interface RevealRow extends ScoreboardRow {
  /** Stable across the reveal (the username, or the row's place on the live board when there is none). */
  key: string;
  /** The live cells of the labels still pending, revealed one at a time. */
  hidden: Record<string, ContestCell>;
}

export interface RevealState {
  format: ContestFormat;
  penaltyMinutes: number;
  labels: string[];
  /** Ranked, top first. */
  rows: RevealRow[];
}

/** One revealed cell: whose, which, and what it turned out to be. */
export interface RevealStep {
  key: string;
  label: string;
  cell: ContestCell;
}

const keyOf = (row: ScoreboardRow, index: number) => row.username ?? `#${index}`;

/** Ranks rows by the format's rules from their shown cells; ties keep the order they come in. */
function ranked(state: Omit<RevealState, 'rows'>, rows: RevealRow[]): RevealRow[] {
  const withTotals = rows.map((row) => {
    const totals = rowFromCells(
      state.format,
      state.labels.map((label) => row.cells[label] ?? EMPTY_CELL),
      state.penaltyMinutes,
    );
    const penalty = state.format === 'icpc' || state.format === 'atcoder' ? totals.penalty : 0;
    return { ...row, solved: totals.solved, score: totals.score, penalty, totals };
  });
  return rankRows(state.format, withTotals).map(({ totals: _totals, ...row }) => row);
}

/**
 * The reveal's starting point: the public (frozen) board, each row carrying the live cells of its pending labels.
 * Both boards are the same final data read twice, by a guest and by an admin.
 */
export function startReveal(
  contest: { format: ContestFormat; penaltyMinutes: number },
  labels: string[],
  publicRows: ScoreboardRow[],
  liveRows: ScoreboardRow[],
): RevealState {
  const live = new Map(liveRows.map((row, index) => [keyOf(row, index), row]));
  const rows = publicRows.map((row, index): RevealRow => {
    const key = keyOf(row, index);
    const final = live.get(key);
    const hidden: Record<string, ContestCell> = {};
    for (const label of labels) {
      if ((row.cells[label]?.pending ?? 0) > 0) hidden[label] = final?.cells[label] ?? { ...EMPTY_CELL };
    }
    return { ...row, key, hidden };
  });
  const base = { format: contest.format, penaltyMinutes: contest.penaltyMinutes, labels };
  return { ...base, rows: ranked(base, rows) };
}

/** The next cell to show: the first pending label of the lowest row that has one, as ICPC finals do; null when done. */
export function nextReveal(state: RevealState): RevealStep | null {
  for (let i = state.rows.length - 1; i >= 0; i--) {
    const row = state.rows[i];
    const label = state.labels.find((l) => l in row.hidden);
    if (label) return { key: row.key, label, cell: row.hidden[label] };
  }
  return null;
}

/** Shows one cell and re-ranks the board by the format's rules. */
export function applyReveal(state: RevealState, step: RevealStep): RevealState {
  const rows = state.rows.map((row) => {
    if (row.key !== step.key) return row;
    const { [step.label]: _shown, ...hidden } = row.hidden;
    return { ...row, hidden, cells: { ...row.cells, [step.label]: { ...step.cell, pending: 0 } } };
  });
  return { ...state, rows: ranked(state, rows) };
}

/** How many cells are still to be shown. */
export function pendingCount(state: RevealState): number {
  return state.rows.reduce((sum, row) => sum + Object.keys(row.hidden).length, 0);
}

/** The cells of the next row to show at once: every pending label of the lowest row that has one; [] when done. */
export function nextRowReveal(state: RevealState): RevealStep[] {
  const first = nextReveal(state);
  if (!first) return [];
  const row = state.rows.find((r) => r.key === first.key) as RevealRow;
  return state.labels.filter((label) => label in row.hidden).map((label) => ({ key: row.key, label, cell: row.hidden[label] }));
}

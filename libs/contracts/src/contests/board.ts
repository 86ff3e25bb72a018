import type { ContestCell } from './rules';

/** Where a contest stands now: listed under upcoming, running or past. */
export const CONTEST_PHASES = ['upcoming', 'running', 'past'] as const;
export type ContestPhase = (typeof CONTEST_PHASES)[number];

/** The moment a contest passes through each phase. */
export function contestPhase(contest: { startsAt: Date; endsAt: Date }, now: Date): ContestPhase {
  if (now < contest.startsAt) return 'upcoming';
  return now < contest.endsAt ? 'running' : 'past';
}

/** A board row as the scoreboard route answers it; `cells` is keyed by problem label. */
export interface ScoreboardRow {
  rank: number;
  username: string | null;
  /**
   * A virtual run's row (a user's run of the contest after its end, counted from their own start): on the board that
   * shows virtual participants, and on the run's own board. Never in the contest's official ranks.
   */
  virtual: boolean;
  solved: number;
  score: number;
  penalty: number;
  cells: Record<string, ContestCell>;
}

/** The first to solve each problem, by label (absent while nobody has). */
export type FirstSolvers = Record<string, { username: string | null; minute: number }>;

/**
 * Per problem, by label, over the whole board (every row, not a page): how many rows solved it, and how many tried
 * it (a solve, a rejected try, or a try pending behind the freeze).
 */
export type ProblemTotals = Record<string, { solved: number; tried: number }>;

/** ProblemTotals counted from rows held whole in memory (a virtual run's board). */
export function problemTotalsOf(labels: string[], rows: Pick<ScoreboardRow, 'cells'>[]): ProblemTotals {
  const totals: ProblemTotals = {};
  for (const label of labels) {
    const cells = rows.map((row) => row.cells[label]).filter((cell) => cell !== undefined);
    totals[label] = {
      solved: cells.filter((cell) => cell.solved).length,
      tried: cells.filter((cell) => cell.solved || cell.attempts > 0 || cell.pending > 0).length,
    };
  }
  return totals;
}

import type { SubmissionStatus } from '../submission-status';
import type { ContestFormat } from './formats';

/** One of a participant's final results on one problem, as the rules read it. */
export interface ContestAttempt {
  status: SubmissionStatus;
  /** Whole minutes from the participant's own start. */
  minute: number;
  /** Points earned, in the problem's own total (`totalPoints`). */
  score: number;
  /** Points earned per subtask, for IOI's best-per-subtask sum. */
  subtasks?: readonly { index: number; earned: number }[];
  /** Made during a freeze the viewer may not see through: it shows as pending, its verdict untold. */
  hidden?: boolean;
}

/** What a problem is worth in the contest, and out of how many points its own tests score. */
export interface CellProblem {
  points: number;
  totalPoints: number;
}

/** A participant's standing on one problem (participation × problem), as the board shows it. */
export interface ContestCell {
  /** Rejected tries counted by the rules: before the first accepted, compile errors and failures aside. */
  attempts: number;
  solved: boolean;
  /** In contest points. */
  score: number;
  /** The first accepted's minute (ICPC, AtCoder), or the minute the score was last set (IOI, OI); null before. */
  minute: number | null;
  /** Tries hidden by the freeze. */
  pending: number;
}

/** A participant's totals, the inputs of their rank. */
export interface ContestRowTotals {
  solved: number;
  score: number;
  /** ICPC: Σ over solved problems of (first-AC minute + penalty × rejected tries); AtCoder: its time; else 0. */
  penalty: number;
  /** The latest first-AC minute over solved problems (ICPC's tie break); null with none solved. */
  lastAcMinute: number | null;
}

export const EMPTY_CELL: ContestCell = { attempts: 0, solved: false, score: 0, minute: null, pending: 0 };

/** Statuses that are not a try: the code never ran (compile error) or the judge failed. */
const NOT_A_TRY: readonly SubmissionStatus[] = ['ce', 'failed', 'queued', 'running'];

/** Hundredths are enough for scaled points, and rounding keeps equal scores equal when the board compares them. */
function roundScore(value: number): number {
  return Math.round(value * 100) / 100;
}

function scaled(earned: number, problem: CellProblem): number {
  if (problem.totalPoints <= 0) return 0;
  return roundScore((problem.points * Math.min(earned, problem.totalPoints)) / problem.totalPoints);
}

/** IOI's raw points: the best of each subtask across attempts, plus the best of the tests in no subtask. */
class BestPerSubtask {
  private readonly best = new Map<number, number>();
  private loose = 0;

  add(attempt: ContestAttempt): void {
    let inSubtasks = 0;
    for (const s of attempt.subtasks ?? []) {
      inSubtasks += s.earned;
      this.best.set(s.index, Math.max(this.best.get(s.index) ?? 0, s.earned));
    }
    this.loose = Math.max(this.loose, attempt.score - inSubtasks);
  }

  get total(): number {
    let sum = this.loose;
    for (const earned of this.best.values()) sum += earned;
    return sum;
  }
}

/**
 * Folds a participant's final results on one problem, in submission order, into its cell. Results after the first
 * accepted do not count, nor do compile errors and failures; a hidden result counts as pending whatever it was, so
 * the count of pending tries tells nothing of its verdict.
 */
export function foldCell(format: ContestFormat, attempts: readonly ContestAttempt[], problem: CellProblem): ContestCell {
  const cell: ContestCell = { ...EMPTY_CELL };
  const best = new BestPerSubtask();
  for (const attempt of attempts) {
    if (cell.solved) break;
    if (attempt.hidden) {
      cell.pending += 1;
      continue;
    }
    if (NOT_A_TRY.includes(attempt.status)) continue;
    const accepted = attempt.status === 'accepted';
    if (!accepted) cell.attempts += 1;
    if (format === 'ioi') {
      const before = best.total;
      best.add(attempt);
      const score = accepted ? problem.points : scaled(best.total, problem);
      if (best.total > before || accepted) {
        cell.score = Math.max(cell.score, score);
        cell.minute = attempt.minute;
      }
      cell.solved = accepted || best.total >= problem.totalPoints;
    } else if (format === 'oi') {
      cell.score = accepted ? problem.points : scaled(attempt.score, problem);
      cell.minute = attempt.minute;
      cell.solved = accepted;
    } else if (accepted) {
      cell.solved = true;
      cell.score = problem.points;
      cell.minute = attempt.minute;
    }
  }
  return cell;
}

/** A row's totals from its cells, with the contest's penalty per rejected try. */
export function rowFromCells(format: ContestFormat, cells: readonly ContestCell[], penaltyMinutes: number): ContestRowTotals {
  const solved = cells.filter((c) => c.solved);
  const minutes = solved.map((c) => c.minute ?? 0);
  const lastAcMinute = minutes.length ? Math.max(...minutes) : null;
  const score = roundScore(cells.reduce((sum, c) => sum + c.score, 0));
  let penalty = 0;
  if (format === 'icpc') {
    penalty = solved.reduce((sum, c) => sum + (c.minute ?? 0) + penaltyMinutes * c.attempts, 0);
  } else if (format === 'atcoder' && lastAcMinute !== null) {
    penalty = lastAcMinute + penaltyMinutes * solved.reduce((sum, c) => sum + c.attempts, 0);
  }
  return { solved: solved.length, score, penalty, lastAcMinute };
}

/**
 * Orders two rows by the format's rules: negative when `a` ranks above `b`, 0 when they share a rank.
 * ICPC: solved (desc), penalty (asc), then the earlier last first-AC. AtCoder: points (desc), time (asc).
 * IOI and OI: total (desc).
 */
export function compareRows(format: ContestFormat, a: ContestRowTotals, b: ContestRowTotals): number {
  switch (format) {
    case 'icpc':
      return b.solved - a.solved || a.penalty - b.penalty || (a.lastAcMinute ?? 0) - (b.lastAcMinute ?? 0);
    case 'atcoder':
      return b.score - a.score || a.penalty - b.penalty;
    default:
      return b.score - a.score;
  }
}

/**
 * Sorts rows by the format's rules and numbers them as in sport (1, 2, 2, 4). Rows that tie keep their given
 * order, so a caller that lists them by name gets ties by name.
 */
export function rankRows<T extends { totals: ContestRowTotals }>(format: ContestFormat, rows: readonly T[]): (T & { rank: number })[] {
  const sorted = [...rows].sort((a, b) => compareRows(format, a.totals, b.totals));
  const ranked: (T & { rank: number })[] = [];
  sorted.forEach((row, index) => {
    const previous = ranked[index - 1];
    const tied = previous && compareRows(format, previous.totals, row.totals) === 0;
    ranked.push({ ...row, rank: tied ? previous.rank : index + 1 });
  });
  return ranked;
}

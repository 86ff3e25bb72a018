import type { SubmissionStatus } from '../submission-status';
import type { ContestPoints, RawPoints } from '../units';
import type { ContestFormat } from './formats';

/** A subtask's raw points in one grading: earned, and out of how many (its worth then). */
export interface AttemptSubtask {
  index: number;
  name?: string;
  earnedPoints: RawPoints;
  points: RawPoints;
}

/** One of a participant's final results on one problem, as the rules read it. */
export interface ContestAttempt {
  status: SubmissionStatus;
  /** Whole minutes from the participant's own start. */
  minute: number;
  /** Whole seconds from the participant's own start (the same moment; AtCoder shows it as mm:ss). */
  elapsedSeconds: number;
  /** Raw points this grading earned, out of its own `totalPoints` (the problem's total when it was graded). */
  earnedPoints: RawPoints;
  totalPoints: RawPoints;
  /** Raw points per subtask, for IOI's best-per-subtask sum; absent for a problem without subtasks. */
  subtasks?: readonly AttemptSubtask[];
  /** Made during a freeze the viewer may not see through: it shows as pending, its verdict untold. */
  hidden?: boolean;
}

/** What a problem is worth in the contest (`contest_problems.points`): its full score on the board. */
export interface CellProblem {
  contestPoints: ContestPoints;
}

/** IOI: a subtask's best across a participant's results, in contest points, and what it is worth. */
export interface CellSubtask {
  index: number;
  name?: string;
  earnedContestPoints: ContestPoints;
  contestPoints: ContestPoints;
}

/** A participant's standing on one problem (participation × problem), as the board shows it. */
export interface ContestCell {
  /** Rejected tries counted by the rules: before the first accepted, compile errors and failures aside. */
  attempts: number;
  solved: boolean;
  score: ContestPoints;
  /** The first accepted's minute (ICPC, AtCoder), or the minute the score was last set (IOI, OI); null before. */
  minute: number | null;
  /** The same moment as `minute`, in whole seconds from the participant's own start; null before. */
  elapsedSeconds: number | null;
  /** Tries hidden by the freeze. */
  pending: number;
  /** IOI, a problem with subtasks: each subtask's best, by index (tests in no subtask are not listed). */
  subtasks?: CellSubtask[];
}

/** A participant's totals, the inputs of their rank. */
export interface ContestRowTotals {
  solved: number;
  score: ContestPoints;
  /** ICPC: Σ over solved problems of (first-AC minute + penalty × rejected tries); AtCoder: its time; else 0. */
  penalty: number;
  /** The latest first-AC minute over solved problems (ICPC's tie break); null with none solved. */
  lastAcMinute: number | null;
}

export const EMPTY_CELL: ContestCell = { attempts: 0, solved: false, score: 0, minute: null, elapsedSeconds: null, pending: 0 };

/** Statuses that are not a try: the code never ran (compile error) or the judge failed. */
const NOT_A_TRY: readonly SubmissionStatus[] = ['ce', 'failed', 'queued', 'running'];

/** Below this, a difference of shares is floating-point noise: a share of 1 − 1e-12 is full. */
const EPSILON = 1e-9;

/** Hundredths are enough for scaled points, and rounding keeps equal scores equal when the board compares them. */
function roundScore(value: number): ContestPoints {
  return Math.round(value * 100) / 100;
}

/** A part of a grading as a share (0–1) of the problem's contest worth: its raw points over the grading's raw total. */
function shareOf(attempt: Pick<ContestAttempt, 'totalPoints'>, raw: RawPoints): number {
  return attempt.totalPoints > 0 ? Math.min(1, Math.max(0, raw / attempt.totalPoints)) : 0;
}

/** A whole grading's share; one out of 0 raw points (every test worth nothing) is full when accepted, else nothing. */
function wholeShare(attempt: Pick<ContestAttempt, 'status' | 'earnedPoints' | 'totalPoints'>): number {
  if (attempt.totalPoints > 0) return shareOf(attempt, attempt.earnedPoints);
  return attempt.status === 'accepted' ? 1 : 0;
}

/**
 * One grading's worth on a scored board, in contest points: the problem's worth × the grading's raw points over its
 * own raw total (what an OI cell shows for it; a CLICS judgement's `score`).
 */
export function gradingContestPoints(
  grading: Pick<ContestAttempt, 'status' | 'earnedPoints' | 'totalPoints'>,
  worth: ContestPoints,
): ContestPoints {
  return roundScore(worth * wholeShare(grading));
}

/**
 * IOI's best: the best of each subtask across results, plus the best of the tests in no subtask taken together
 * (one result's loose tests, not the best of each test apart: a result is scored whole, as a problem without
 * subtasks scores its best result). Kept as shares of the problem's worth, so gradings out of different raw totals
 * (tests edited in between) add up.
 */
class BestPerSubtask {
  private readonly subtasks = new Map<number, { name?: string; earned: number; worth: number }>();
  private loose = 0;

  /** Adds a result; whether the total grew. */
  add(attempt: ContestAttempt): boolean {
    const before = this.total;
    let inSubtasks: RawPoints = 0;
    for (const s of attempt.subtasks ?? []) {
      inSubtasks += s.earnedPoints;
      const kept = this.subtasks.get(s.index);
      this.subtasks.set(s.index, {
        ...(s.name ? { name: s.name } : {}),
        earned: Math.max(kept?.earned ?? 0, shareOf(attempt, s.earnedPoints)),
        worth: shareOf(attempt, s.points),
      });
    }
    const loose = attempt.totalPoints > 0 ? shareOf(attempt, attempt.earnedPoints - inSubtasks) : wholeShare(attempt);
    this.loose = Math.max(this.loose, loose);
    return this.total > before + EPSILON;
  }

  /** The share of the problem's worth, subtasks in index order then the loose tests; never past the whole worth. */
  get total(): number {
    const indexes = [...this.subtasks.keys()].sort((a, b) => a - b);
    return Math.min(1, indexes.reduce((sum, index) => sum + (this.subtasks.get(index)?.earned ?? 0), 0) + this.loose);
  }

  breakdown(worth: ContestPoints): CellSubtask[] {
    return [...this.subtasks.entries()]
      .sort(([a], [b]) => a - b)
      .map(([index, s]) => ({
        index,
        ...(s.name ? { name: s.name } : {}),
        earnedContestPoints: roundScore(worth * s.earned),
        contestPoints: roundScore(worth * s.worth),
      }));
  }
}

/** When a result was made, as a cell keeps it. */
function momentOf(attempt: ContestAttempt): Pick<ContestCell, 'minute' | 'elapsedSeconds'> {
  return { minute: attempt.minute, elapsedSeconds: attempt.elapsedSeconds };
}

/**
 * Folds a participant's final results on one problem, in submission order, into its cell. Results after the first
 * full score do not count, nor do compile errors and failures; a hidden result counts as pending whatever it was, so
 * the count of pending tries tells nothing of its verdict. A result is worth the problem's contest points × its raw
 * points / its grading's raw total. ICPC and AtCoder: the first accepted, for the whole worth. IOI: the best of each
 * subtask across results (BestPerSubtask). OI: the last result. IOI and OI are solved at full points only.
 */
export function foldCell(format: ContestFormat, attempts: readonly ContestAttempt[], problem: CellProblem): ContestCell {
  const cell: ContestCell = { ...EMPTY_CELL };
  const best = new BestPerSubtask();
  const worth = problem.contestPoints;
  for (const attempt of attempts) {
    if (cell.solved) break;
    if (attempt.hidden) {
      cell.pending += 1;
      continue;
    }
    if (NOT_A_TRY.includes(attempt.status)) continue;
    if (attempt.status !== 'accepted') cell.attempts += 1;
    if (format === 'ioi') {
      if (best.add(attempt)) Object.assign(cell, momentOf(attempt));
      cell.score = roundScore(worth * best.total);
      cell.solved = best.total >= 1 - EPSILON;
    } else if (format === 'oi') {
      const share = wholeShare(attempt);
      cell.score = gradingContestPoints(attempt, worth);
      Object.assign(cell, momentOf(attempt));
      cell.solved = share >= 1 - EPSILON;
    } else if (attempt.status === 'accepted') {
      cell.solved = true;
      cell.score = worth;
      Object.assign(cell, momentOf(attempt));
    }
  }
  const subtasks = format === 'ioi' ? best.breakdown(worth) : [];
  return subtasks.length ? { ...cell, subtasks } : cell;
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

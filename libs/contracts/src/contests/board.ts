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
  solved: number;
  score: number;
  penalty: number;
  cells: Record<string, ContestCell>;
}

/** The first to solve each problem, by label (absent while nobody has). */
export type FirstSolvers = Record<string, { username: string | null; minute: number }>;

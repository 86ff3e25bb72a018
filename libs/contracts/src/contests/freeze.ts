import type { ContestFormat, ParticipationKind } from './formats';

/**
 * The contest freeze in TypeScript: its one home. Its SQL form is libs/db contest-freeze.ts (the database function
 * `contest_results_hidden_from`, which the insert trigger of `submissions.frozen` calls too), and
 * libs/db/src/contest-freeze.spec.ts proves on PostgreSQL that the two agree for every format and edge.
 *
 * Two questions, asked at different times:
 * - Is a result hidden (`isResultFrozen`, stored as `submissions.frozen`)? An official submission made from
 *   `resultsHiddenFrom` on, until an admin unfreezes the board. A virtual run's are never hidden: their owner alone
 *   sees that board.
 * - Is the public board frozen now (`isBoardFrozen`)? From the freeze's start until the unfreeze; OI shows no
 *   totals before the end, and with a freeze keeps them hidden until the unfreeze.
 */

/** A contest's clock as the freeze reads it. */
export interface FreezeClock {
  format: ContestFormat;
  startsAt: Date;
  endsAt: Date;
  freezeMinutes: number | null;
  /** When an admin unfroze the board; null until then. */
  unfrozenAt: Date | null;
}

/** When the board freezes, or null for a contest without a freeze. */
export function freezeStartsAt(endsAt: Date, freezeMinutes: number | null): Date | null {
  return freezeMinutes ? new Date(endsAt.getTime() - freezeMinutes * 60_000) : null;
}

/**
 * From when official results are hidden on the public fold: the freeze's start, or (OI, whose totals show only after
 * the end) the contest's start; null when nothing is hidden. SQL: `contest_results_hidden_from` (resultsHiddenFromSql).
 */
export function resultsHiddenFrom(contest: Omit<FreezeClock, 'unfrozenAt'>): Date | null {
  return contest.format === 'oi' ? contest.startsAt : freezeStartsAt(contest.endsAt, contest.freezeMinutes);
}

/** Whether the public fold leaves out a result made at `createdAt` (an unfreeze aside). SQL: hiddenOnPublicFoldSql. */
export function isHiddenOnPublicFold(contest: Omit<FreezeClock, 'unfrozenAt'>, kind: ParticipationKind, createdAt: Date): boolean {
  const from = resultsHiddenFrom(contest);
  return kind === 'official' && from !== null && createdAt >= from;
}

/**
 * Whether a submission's result is hidden from all but its submitter and admins now (`submissions.frozen`, which
 * canSeeResult reads): hidden on the public fold, and the board not unfrozen. SQL: frozenResultSql.
 */
export function isResultFrozen(contest: FreezeClock, kind: ParticipationKind, createdAt: Date): boolean {
  return !contest.unfrozenAt && isHiddenOnPublicFold(contest, kind, createdAt);
}

/**
 * Whether the public board hides results now: from the freeze's start until an admin unfreezes it after the end.
 * OI shows no totals before the end (its public fold hides every result), and with a freeze keeps them hidden
 * until the unfreeze. Without a freeze, an OI board shows its totals from the end, though its submissions stay
 * frozen for others until the unfreeze (isResultFrozen).
 */
export function isBoardFrozen(contest: FreezeClock, now: Date): boolean {
  if (contest.unfrozenAt) return false;
  if (contest.format === 'oi') return contest.freezeMinutes ? true : now < contest.endsAt;
  const from = freezeStartsAt(contest.endsAt, contest.freezeMinutes);
  return from !== null && now >= from;
}

import type { ContestEntity, ContestParticipationEntity } from '@oj/db';

import { isAdmin, type Viewer } from './access-policy';

type BoardClock = Pick<ContestEntity, 'format' | 'startsAt' | 'endsAt' | 'freezeMinutes' | 'unfrozenAt'>;

/**
 * Whether the public board hides results now: from the freeze's start until an admin unfreezes it after the end.
 * OI shows no totals before the end (its public fold hides every result), and with a freeze keeps them hidden
 * until the unfreeze. The public fold (libs/db contest-board.ts) hides results from the same instants.
 */
export function isBoardFrozen(contest: BoardClock, now: Date): boolean {
  if (contest.unfrozenAt) return false;
  if (contest.format === 'oi') return contest.freezeMinutes ? true : now < contest.endsAt;
  if (!contest.freezeMinutes) return false;
  return now.getTime() >= contest.endsAt.getTime() - contest.freezeMinutes * 60_000;
}

/** Admins see the live board, frozen or not; everyone else the public one while it is frozen. */
export function canSeeLiveBoard(viewer: Viewer): boolean {
  return isAdmin(viewer);
}

/**
 * A contest's problems, private ones too: admins always, registered participants from the start, everyone after
 * the end (practice). Before the end nobody else reads them through the contest.
 */
export function canReadContestProblems(
  contest: Pick<ContestEntity, 'startsAt' | 'endsAt'>,
  participation: Pick<ContestParticipationEntity, 'kind'> | null,
  viewer: Viewer,
  now: Date,
): boolean {
  if (isAdmin(viewer) || now >= contest.endsAt) return true;
  return !!participation && now >= contest.startsAt;
}

import type { ScoreboardRow } from './board';
import type { Clarification } from './clarifications';

/** What `GET /api/contests/{contestId}/scoreboard/stream` sends besides heartbeats. */
export type ContestStreamEventType = 'row' | 'clarification' | 'board';

interface ContestStreamEventBase {
  eventId: string;
  emittedAt: string;
  contestId: number;
}

/** A board row changed: the row as this viewer may see it (frozen cells pending for others during a freeze). */
export interface ContestRowEvent extends ContestStreamEventBase {
  eventType: 'row';
  row: ScoreboardRow;
}

/** A clarification was answered, or an admin posted one (admins also receive new questions). */
export interface ContestClarificationEvent extends ContestStreamEventBase {
  eventType: 'clarification';
  clarification: Clarification;
}

/**
 * What changed a contest's board as a whole, rather than one row: the unfreeze, an edit of the contest (its times,
 * freeze, problems or points) or of its problems, or its deletion.
 */
export const CONTEST_BOARD_CHANGES = ['unfrozen', 'edited', 'deleted'] as const;
export type ContestBoardChange = (typeof CONTEST_BOARD_CHANGES)[number];

/** The board changed as a whole: read the contest and its board again (after `deleted`, both are gone). */
export interface ContestBoardEvent extends ContestStreamEventBase {
  eventType: 'board';
  change: ContestBoardChange;
}

export type ContestStreamEvent = ContestRowEvent | ContestClarificationEvent | ContestBoardEvent;

import type { ScoreboardRow } from './board';
import type { Clarification } from './clarifications';

/** What `GET /api/contests/{contestId}/scoreboard/stream` sends besides heartbeats. */
export type ContestStreamEventType = 'row' | 'clarification';

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

export type ContestStreamEvent = ContestRowEvent | ContestClarificationEvent;

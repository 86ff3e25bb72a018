import type { RatingPoints } from '../units';
import { displayRating, isRatedRound, newcomerState, type PlayerRatingState, type RatedStanding, rateRound } from './elo-mmr';

/**
 * A rated contest's changes, a column per field in the participants' order, as rating_changes takes them: displayed
 * ratings before and after, the rounded performance, and each one's Elo-MMR state after it as JSON text. Columns of
 * numbers and strings cross a thread boundary in a fraction of the time 10,000 nested objects take.
 */
export interface RatedContestChanges {
  playerIds: string[];
  ranks: number[];
  oldRatings: RatingPoints[];
  newRatings: RatingPoints[];
  performances: number[];
  states: string[];
}

/** Contests to rate in order, each by its official standings, from the players' states before the first. */
export interface RateContestsInput {
  contests: RatedStanding[][];
  states: Map<string, PlayerRatingState>;
}

/**
 * Rates the contests in order, each from the states the ones before it left; a contest that rates nobody
 * (isRatedRound) has no changes. The whole computation of a recompute, with no I/O, so the judge worker runs it on a
 * thread of its own (apps/judge-worker/src/ratings/rating-thread.ts). `states` is updated as it goes.
 */
export function rateContests({ contests, states }: RateContestsInput): RatedContestChanges[] {
  return contests.map((standings) => {
    const changes: RatedContestChanges = { playerIds: [], ranks: [], oldRatings: [], newRatings: [], performances: [], states: [] };
    if (!isRatedRound(standings)) return changes;
    const results = rateRound(standings, (id) => states.get(id));
    for (const { playerId, rank } of standings) {
      const { performance, state } = results.get(playerId)!;
      changes.playerIds.push(playerId);
      changes.ranks.push(rank);
      changes.oldRatings.push(displayRating(states.get(playerId) ?? newcomerState()));
      changes.newRatings.push(displayRating(state));
      changes.performances.push(Math.round(performance));
      changes.states.push(JSON.stringify(state));
      states.set(playerId, state);
    }
    return changes;
  });
}

import {
  type ContestFormat,
  type PlayerRatingState,
  rankRows,
  rateContests,
  type RateContestsInput,
  type RatedContestChanges,
  type RatedStanding,
} from '@oj/contracts';
import type { DataSource, EntityManager } from 'typeorm';

/**
 * Whether the contest (the `contests` row as `c`) is rated and its results are final at `now`: ended, and no longer
 * hidden by a freeze (an OI contest or one with a freeze stays hidden until an admin unfreezes it; isBoardFrozen in
 * the API says the same). The recompute rates these; a result written to one asks for a recompute (final-result.ts).
 */
export function ratedAndFinalSql(c: string, now: string): string {
  return `${c}.rated AND ${c}.ends_at <= ${now} AND (${c}.unfrozen_at IS NOT NULL OR coalesce(${c}.freeze_minutes, 0) = 0)`;
}

/** Rated contests whose results are final at $1, in rating order. */
const FINAL_RATED_SQL = `SELECT contest_id AS "contestId", format, ends_at AS "endsAt" FROM contests c
  WHERE ${ratedAndFinalSql('c', '$1')} ORDER BY ends_at, contest_id`;

/** A rated contest in rating order, with its official participants' final ranks by user id. */
interface RatedContest {
  contestId: number;
  endsAt: Date;
  standings: RatedStanding[];
}

/** Transactions serialize on this advisory lock: two workers never rate at once. */
const RATINGS_LOCK = 36_0036;

/**
 * The official participants' ranks on the contest's final board (its live fold, every result counted), by the board's
 * rules (rankRows), ordered by user id so two readings of the same board compare equal. Virtual runs never count.
 */
async function finalStandings(manager: EntityManager, contestId: number, format: ContestFormat): Promise<RatedStanding[]> {
  const rows: { user_id: string; solved: number; score: number; penalty: number; last_ac_minute: number }[] = await manager.query(
    `SELECT user_id, solved, score, penalty, last_ac_minute FROM contest_participations
      WHERE contest_id = $1 AND kind = 'official' ORDER BY user_id`,
    [contestId],
  );
  const ranked = rankRows(
    format,
    rows.map((r) => ({
      playerId: r.user_id,
      totals: { solved: r.solved, score: r.score, penalty: r.penalty, lastAcMinute: r.last_ac_minute },
    })),
  );
  return ranked.map(({ playerId, rank }) => ({ playerId, rank })).sort((a, b) => (a.playerId < b.playerId ? -1 : 1));
}

/** Standings as one comparable string (jsonb keeps its own key order, so the stored JSON is not compared as text). */
function standingsKey(standings: RatedStanding[]): string {
  return standings.map((s) => `${s.playerId}:${s.rank}`).join(',');
}

/** The index of the first contest whose rating must be recomputed: its place, its end or its standings changed. */
function firstChanged(current: RatedContest[], stored: RatedContest[]): number {
  const length = Math.max(current.length, stored.length);
  for (let i = 0; i < length; i++) {
    const [now, then] = [current[i], stored[i]];
    if (!now || !then || now.contestId !== then.contestId || now.endsAt.getTime() !== then.endsAt.getTime()) return i;
    if (standingsKey(now.standings) !== standingsKey(then.standings)) return i;
  }
  return length;
}

/** Rates `contests` in order from the players' `states` (by `rate`), writing each contest and its changes. */
async function rateFrom(
  manager: EntityManager,
  contests: RatedContest[],
  states: Map<string, PlayerRatingState>,
  rate: RateContests,
): Promise<void> {
  // A recompute that only dropped contests (no longer rated) rates nothing: no thread is started for it.
  if (!contests.length) return;
  const rated = await rate({ contests: contests.map((c) => c.standings), states });
  for (const [i, contest] of contests.entries()) {
    await manager.query(`INSERT INTO contest_ratings (contest_id, ends_at, standings) VALUES ($1, $2, $3)`, [
      contest.contestId,
      contest.endsAt,
      JSON.stringify(contest.standings),
    ]);
    const changes = rated[i];
    if (!changes.playerIds.length) continue;
    await manager.query(
      `INSERT INTO rating_changes (contest_id, user_id, rank, old_rating, new_rating, performance, state)
       SELECT $1, * FROM unnest($2::uuid[], $3::int[], $4::int[], $5::int[], $6::int[], $7::jsonb[])`,
      [contest.contestId, changes.playerIds, changes.ranks, changes.oldRatings, changes.newRatings, changes.performances, changes.states],
    );
  }
}

/**
 * The rating computation itself (rateContests), given to the recompute: in the caller's thread by default, on a
 * thread of its own in the judge worker, which keeps answering its queues meanwhile.
 */
export type RateContests = (input: RateContestsInput) => Promise<RatedContestChanges[]>;

const rateHere: RateContests = async (input) => rateContests(input);

/** What a recompute did: the contests it rated again (none when every stored rating still holds). */
export interface RatingsRecompute {
  recomputed: number[];
}

/**
 * Brings the ratings up to date at `now`: reads every final rated contest's standings, finds the first whose
 * standings, end or place differs from what it was rated on (or that is new, or no longer rated), and rates it and
 * every later one again, in order, from the states the earlier contests left; then rebuilds the leaderboard. The
 * result is what rating every contest from scratch gives (ratings.spec.ts), as each contest's states come only from
 * the contests before it. Run in a background job (the judge worker's ratings queue), never in a request.
 */
export async function recomputeRatings(dataSource: DataSource, now = new Date(), rate: RateContests = rateHere): Promise<RatingsRecompute> {
  return dataSource.transaction(async (manager) => {
    await manager.query('SELECT pg_advisory_xact_lock($1)', [RATINGS_LOCK]);
    const final: { contestId: number; format: ContestFormat; endsAt: Date }[] = await manager.query(FINAL_RATED_SQL, [now]);
    const current: RatedContest[] = [];
    for (const c of final)
      current.push({ contestId: c.contestId, endsAt: c.endsAt, standings: await finalStandings(manager, c.contestId, c.format) });
    const stored: RatedContest[] = await manager.query(
      `SELECT contest_id AS "contestId", ends_at AS "endsAt", standings FROM contest_ratings ORDER BY ends_at, contest_id`,
    );
    const from = firstChanged(current, stored);
    if (from === current.length && from === stored.length) return { recomputed: [] };
    const stale = stored.slice(from).map((c) => c.contestId);
    if (stale.length) await manager.query('DELETE FROM contest_ratings WHERE contest_id = ANY($1::int[])', [stale]);
    const kept: { user_id: string; state: PlayerRatingState }[] = await manager.query(
      `SELECT DISTINCT ON (rc.user_id) rc.user_id, rc.state FROM rating_changes rc JOIN contest_ratings cr USING (contest_id)
        ORDER BY rc.user_id, cr.ends_at DESC, cr.contest_id DESC`,
    );
    const states = new Map(kept.map((k) => [k.user_id, k.state]));
    await rateFrom(manager, current.slice(from), states, rate);
    await manager.query('DELETE FROM user_ratings');
    await manager.query(
      `INSERT INTO user_ratings (user_id, rating, max_rating, contests)
       SELECT DISTINCT ON (rc.user_id) rc.user_id, rc.new_rating, max(rc.new_rating) OVER w, count(*) OVER w
         FROM rating_changes rc JOIN contest_ratings cr USING (contest_id)
       WINDOW w AS (PARTITION BY rc.user_id)
       ORDER BY rc.user_id, cr.ends_at DESC, cr.contest_id DESC`,
    );
    return { recomputed: current.slice(from).map((c) => c.contestId) };
  });
}

import type { ContestCell, ContestFormat } from '@oj/contracts';

/** Which of a row's two folds a read shows: every result, or those not hidden by the freeze. */
export type BoardView = 'live' | 'public';

const ORDER: Record<ContestFormat, string[]> = {
  icpc: ['solved DESC', 'penalty', 'last_ac_minute'],
  atcoder: ['score DESC', 'penalty'],
  ioi: ['score DESC'],
  oi: ['score DESC'],
};

/** The ORDER BY of the format's ranking (compareRows in contracts), on the view's columns: the rows' indexes. */
export function rankOrder(format: ContestFormat, view: BoardView): string {
  const prefix = view === 'public' ? 'p.public_' : 'p.';
  return ORDER[format].map((key) => prefix + key).join(', ');
}

/**
 * A contest's official rows ranked by the view (RANK() numbers ties as in sport: 1, 2, 2, 4), both folds of their
 * totals, then $2 rows from $3; with $4 set, only that participation's row (the caller's, wherever it ranks).
 * The cells are read for the page's rows alone.
 */
export function rankedRowsSql(format: ContestFormat, view: BoardView): string {
  const order = rankOrder(format, view);
  return `WITH ranked AS (
      SELECT p.id, p.user_id, p.solved, p.score, p.penalty, p.public_solved, p.public_score, p.public_penalty,
        rank() OVER (ORDER BY ${order})::int AS rank, row_number() OVER (ORDER BY ${order}, p.id) AS ord,
        count(*) OVER ()::int AS total
      FROM contest_participations p WHERE p.contest_id = $1 AND p.kind = 'official'
    ), page AS (
      SELECT * FROM ranked WHERE ($4::uuid IS NULL OR id = $4) ORDER BY ord LIMIT $2 OFFSET $3
    )
    SELECT page.*, u.username,
      (SELECT coalesce(json_object_agg(cp.label, json_build_array(x.attempts, x.solved, x.score, x.minute,
          x.public_attempts, x.public_solved, x.public_score, x.public_minute, x.pending)), '{}')
       FROM contest_cells x JOIN contest_problems cp ON cp.contest_id = x.contest_id AND cp.problem_id = x.problem_id
       WHERE x.participation_id = page.id) AS cells
    FROM page LEFT JOIN users u ON u.id = page.user_id ORDER BY page.ord`;
}

/** The first solver of each problem in the view, by their own minute. */
export function firstSolversSql(view: BoardView): string {
  const [solved, minute] = view === 'public' ? ['x.public_solved', 'x.public_minute'] : ['x.solved', 'x.minute'];
  return `SELECT DISTINCT ON (x.problem_id) cp.label, u.username, ${minute} AS minute
    FROM contest_cells x
    JOIN contest_problems cp ON cp.contest_id = x.contest_id AND cp.problem_id = x.problem_id
    JOIN contest_participations p ON p.id = x.participation_id AND p.kind = 'official'
    LEFT JOIN users u ON u.id = p.user_id
    WHERE x.contest_id = $1 AND ${solved}
    ORDER BY x.problem_id, ${minute}, p.id`;
}

/** The stored cell tuple (rankedRowsSql's `cells`) as the view shows it. */
export function cellOf(tuple: unknown[], view: BoardView): ContestCell {
  const [attempts, solved, score, minute, pAttempts, pSolved, pScore, pMinute, pending] = tuple as [
    number,
    boolean,
    number,
    number | null,
    number,
    boolean,
    number,
    number | null,
    number,
  ];
  return view === 'live'
    ? { attempts, solved, score, minute, pending: 0 }
    : { attempts: pAttempts, solved: pSolved, score: pScore, minute: pMinute, pending };
}

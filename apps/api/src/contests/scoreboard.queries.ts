import type { ContestCell, ContestFormat } from '@oj/contracts';

/** Which of a row's two folds a read shows: every result, or those not hidden by the freeze. */
export type BoardView = 'live' | 'public';

/** The format's ranking keys (compareRows in contracts), each with whether more is better. */
const KEYS: Record<ContestFormat, [string, 'DESC' | 'ASC'][]> = {
  icpc: [
    ['solved', 'DESC'],
    ['penalty', 'ASC'],
    ['last_ac_minute', 'ASC'],
  ],
  atcoder: [
    ['score', 'DESC'],
    ['penalty', 'ASC'],
  ],
  ioi: [['score', 'DESC']],
  oi: [['score', 'DESC']],
};

const column = (view: BoardView, key: string) => (view === 'public' ? `public_${key}` : key);

/** The ORDER BY of the format's ranking on the view's columns of rows `alias`: the order of the rows' indexes. */
export function rankOrder(format: ContestFormat, view: BoardView, alias = 'p'): string {
  return KEYS[format].map(([key, dir]) => `${alias}.${column(view, key)}${dir === 'DESC' ? ' DESC' : ''}`).join(', ');
}

/**
 * Whether row `a` ranks strictly before row `b` in the view: the keys compared in order, led by the first key's
 * weak bound so that the rows' index narrows the range counted.
 */
function rankedBefore(format: ContestFormat, view: BoardView, a: string, b: string): string {
  const keys = KEYS[format];
  const strictly = keys.reduceRight((rest, [key, dir]) => {
    const [x, y] = [`${a}.${column(view, key)}`, `${b}.${column(view, key)}`];
    const before = `${x} ${dir === 'DESC' ? '>' : '<'} ${y}`;
    return rest ? `(${before} OR (${x} = ${y} AND ${rest}))` : before;
  }, '');
  const [first, dir] = keys[0];
  return `${a}.${column(view, first)} ${dir === 'DESC' ? '>=' : '<='} ${b}.${column(view, first)} AND ${strictly}`;
}

/**
 * A contest's official rows in the view's order, $2 rows from $3, both folds of their totals and their ranks as in
 * sport (1, 2, 2, 4); with $4 set, only that participation's row (the caller's, wherever it ranks). Only the page's
 * rows are ranked, not the whole board: a row tied with the page's first row shares its rank, one plus the rows
 * ranked before it (an index range count); any other row's rank is its place ($3 + its rank within the page), as
 * every row before the page ranks before it. The head's count runs once (MATERIALIZED: inlined, PostgreSQL ran it
 * per row). The cells are read for the page's rows alone, in one join (a subquery per row rebuilt the labels' hash
 * for each).
 */
export function rankedRowsSql(format: ContestFormat, view: BoardView): string {
  const official = (alias: string) => `${alias}.contest_id = $1 AND ${alias}.kind = 'official'`;
  return `WITH page AS (
      SELECT p.id, p.user_id, p.solved, p.score, p.penalty, p.last_ac_minute, p.public_solved, p.public_score,
        p.public_penalty, p.public_last_ac_minute
      FROM contest_participations p WHERE ${official('p')} AND ($4::uuid IS NULL OR p.id = $4)
      ORDER BY ${rankOrder(format, view)}, p.id LIMIT $2 OFFSET $3
    ), ranked AS (
      SELECT page.*, rank() OVER (ORDER BY ${rankOrder(format, view, 'page')})::int AS page_rank,
        row_number() OVER (ORDER BY ${rankOrder(format, view, 'page')}, page.id) AS ord
      FROM page
    ), head AS MATERIALIZED (
      SELECT (SELECT count(*) FROM contest_participations b WHERE ${official('b')} AND ${rankedBefore(format, view, 'b', 'f')})::int + 1 AS rank
      FROM ranked f WHERE f.ord = 1
    ), cells AS (
      SELECT x.participation_id, json_object_agg(cp.label, json_build_array(x.attempts, x.solved, x.score, x.minute,
          x.public_attempts, x.public_solved, x.public_score, x.public_minute, x.pending)) AS cells
      FROM ranked JOIN contest_cells x ON x.participation_id = ranked.id
      JOIN contest_problems cp ON cp.contest_id = $1 AND cp.problem_id = x.problem_id
      GROUP BY x.participation_id
    )
    SELECT ranked.id, ranked.user_id, ranked.solved, ranked.score, ranked.penalty, ranked.public_solved, ranked.public_score,
      ranked.public_penalty, u.username,
      (CASE WHEN ranked.page_rank = 1 THEN head.rank ELSE $3::int + ranked.page_rank END)::int AS rank,
      (SELECT count(*) FROM contest_participations t WHERE ${official('t')})::int AS total,
      coalesce(cells.cells, '{}') AS cells
    FROM ranked CROSS JOIN head LEFT JOIN cells ON cells.participation_id = ranked.id
    LEFT JOIN users u ON u.id = ranked.user_id ORDER BY ranked.ord`;
}

/**
 * The first solver of each problem in the view, by their own minute: per problem, the earliest solved cells through
 * the fold's partial index (contest_cells_problem_idx, contest_cells_public_problem_idx), not a sort of them all.
 */
export function firstSolversSql(view: BoardView): string {
  const [solved, minute] = view === 'public' ? ['x.public_solved', 'x.public_minute'] : ['x.solved', 'x.minute'];
  return `SELECT cp.label, first.username, first.minute FROM contest_problems cp
    CROSS JOIN LATERAL (
      SELECT u.username, ${minute} AS minute
      FROM contest_cells x
      JOIN contest_participations p ON p.id = x.participation_id AND p.kind = 'official'
      LEFT JOIN users u ON u.id = p.user_id
      WHERE x.contest_id = cp.contest_id AND x.problem_id = cp.problem_id AND ${solved}
      ORDER BY ${minute}, p.id LIMIT 1
    ) first
    WHERE cp.contest_id = $1`;
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

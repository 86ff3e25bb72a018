import type { CellSubtask, ContestCell, ContestFormat } from '@oj/contracts';

/** Which of a row's two folds a read shows: every result, or those not hidden by the freeze. */
export type BoardView = 'live' | 'public';

/**
 * Which rows a read ranks: the official ones (the contest's ranks), or those and every virtual run's (the board with
 * virtual participants shown, `?virtual=true`).
 */
export type BoardScope = 'official' | 'all';

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

const official = (alias: string) => `${alias}.contest_id = $1 AND ${alias}.kind = 'official'`;

/**
 * The keys of the rows' index for the format's ranking (contest_rows_*_idx, which end in `id`): the ranking keys,
 * then, for IOI and OI, the penalty they index after the score (always 0 there, so the order is the ranking's).
 */
function indexKeys(format: ContestFormat): [string, 'DESC' | 'ASC'][] {
  return format === 'ioi' || format === 'oi' ? [...KEYS[format], ['penalty', 'ASC']] : KEYS[format];
}

/**
 * The rows' index's keys for the format, in its order (indexKeys): each with its direction and whether it ranks (the
 * ranking's keys do; IOI's and OI's penalty only follows them in the index). Ranking keeps rows in this order.
 */
export function orderKeys(format: ContestFormat): { key: string; desc: boolean; ranks: boolean }[] {
  return indexKeys(format).map(([key, dir], i) => ({ key, desc: dir === 'DESC', ranks: i < KEYS[format].length }));
}

/** The ORDER BY of the rows' index on the view's columns of rows `alias`, ending in `id` (a total order). */
function indexOrder(format: ContestFormat, view: BoardView, alias: string): string {
  const keys = indexKeys(format).map(([key, dir]) => `${alias}.${column(view, key)}${dir === 'DESC' ? ' DESC' : ''}`);
  return [...keys, `${alias}.id`].join(', ');
}

/**
 * Whether row `a` ties row `b` in the view's ranking and comes before it in the index's order: the ranking keys
 * equal, then the index's columns after them (ascending) and `id`, compared as a row. An index range of one tie.
 */
function tiedBefore(format: ContestFormat, view: BoardView, a: string, b: string): string {
  const equal = KEYS[format].map(([key]) => `${a}.${column(view, key)} = ${b}.${column(view, key)}`);
  const after = [
    ...indexKeys(format)
      .slice(KEYS[format].length)
      .map(([key]) => column(view, key)),
    'id',
  ];
  const tuple = (alias: string) => `(${after.map((name) => `${alias}.${name}`).join(', ')})`;
  return [...equal, `${tuple(a)} < ${tuple(b)}`].join(' AND ');
}

/**
 * The rows of a page (offset $3, $2 rows; $2 null for every row), with their ranks as in sport (1, 2, 2, 4); the
 * board's count of rows is read apart (ScoreboardService.total), as no result changes it. The page is found in the
 * rows' index alone (the ranking keys and id; reading whole rows, PostgreSQL sorted every row of the contest for a
 * page far down: 13 ms at 10,000 rows). Only the page's rows are ranked, not the whole board: a row tied with the
 * page's first row shares its rank, which is its place less the rows before the page that tie it (an index range of
 * one tie: counting every row ranked before it walked 9,900 index entries for page 100); any other row's rank is its
 * place ($3 + its rank within the page), as every row before the page ranks before it. The head's count runs once
 * (MATERIALIZED: inlined, PostgreSQL ran it per row).
 */
function pageRows(format: ContestFormat, view: BoardView): string {
  const keys = indexKeys(format)
    .map(([key]) => `p.${column(view, key)}`)
    .join(', ');
  return `WITH page AS (
      SELECT p.id, ${keys} FROM contest_participations p WHERE ${official('p')}
      ORDER BY ${indexOrder(format, view, 'p')} LIMIT $2 OFFSET $3
    ), page_ranks AS (
      SELECT page.*, rank() OVER (ORDER BY ${rankOrder(format, view, 'page')})::int AS page_rank,
        row_number() OVER (ORDER BY ${indexOrder(format, view, 'page')}) AS ord
      FROM page
    ), head AS MATERIALIZED (
      SELECT ($3::bigint + 1 - (SELECT count(*) FROM contest_participations b WHERE ${official('b')} AND ${tiedBefore(format, view, 'b', 'f')}))::int AS rank
      FROM page_ranks f WHERE f.ord = 1
    )
    SELECT r.id, (CASE WHEN r.page_rank = 1 THEN head.rank ELSE $3::bigint + r.page_rank END)::int AS rank, r.ord
    FROM page_ranks r CROSS JOIN head`;
}

/**
 * The rows `ranked` picks (id, rank, ord), in `ord` order, each with its version (the participation's xmin,
 * which every write of its cells changes: BoardRowCache) and its user's name, read on every read as a rename changes
 * no row of the board. Their totals and cells come from BOARD_ROWS_SQL, for the rows not already kept at that
 * version. Each row is looked up by its key (OFFSET 0 keeps the lookup apart: joined, PostgreSQL hashed every row of
 * the table for the page's 100, 1 ms).
 */
function rankedRows(ranked: string): string {
  return `WITH ranked AS MATERIALIZED (${ranked})
    SELECT ranked.id, ranked.rank, p.version, p.username
    FROM ranked CROSS JOIN LATERAL (
      SELECT p.xmin::text AS version, u.username FROM contest_participations p LEFT JOIN users u ON u.id = p.user_id
      WHERE p.id = ranked.id OFFSET 0
    ) p ORDER BY ranked.ord`;
}

/**
 * Rows $2 (participation ids) of contest $1, each with its version and both folds of its totals and cells, read in
 * one snapshot. The cells are read for those rows alone, in one join (a subquery per row rebuilt the labels' hash for
 * each).
 */
export const BOARD_ROWS_SQL = `WITH cells AS (
      SELECT x.participation_id, json_object_agg(cp.label, json_build_array(x.attempts, x.solved, x.score, x.minute,
          x.public_attempts, x.public_solved, x.public_score, x.public_minute, x.pending, x.subtasks, x.public_subtasks,
          x.elapsed_seconds, x.public_elapsed_seconds)) AS cells
      FROM contest_cells x JOIN contest_problems cp ON cp.contest_id = $1 AND cp.problem_id = x.problem_id
      WHERE x.participation_id = ANY($2::uuid[])
      GROUP BY x.participation_id
    )
    SELECT p.id, p.xmin::text AS version, p.solved, p.score, p.penalty, p.public_solved, p.public_score, p.public_penalty,
      coalesce(cells.cells, '{}') AS cells
    FROM contest_participations p LEFT JOIN cells ON cells.participation_id = p.id
    WHERE p.contest_id = $1 AND p.id = ANY($2::uuid[])`;

/** The columns a row ranks by in either fold, of rows `alias` (RankColumns in ranking.ts). */
function rankColumns(alias: string): string {
  return ['solved', 'score', 'penalty', 'last_ac_minute'].flatMap((key) => [`${alias}.${key}`, `${alias}.public_${key}`]).join(', ');
}

/**
 * A participation's row as the board's kept rankings place it (RankingCache): its contest, kind and user, the contest's
 * format, the row's version, its user's name and the columns it ranks by. $1 is a submission's id (`by` 'submission':
 * a result's row) or a participation's (a registration's).
 */
export function placedRowSql(by: 'submission' | 'participation'): string {
  const [from, key] =
    by === 'submission'
      ? ['submissions s JOIN contest_participations p ON p.id = s.participation_id', 's.id']
      : ['contest_participations p', 'p.id'];
  return `SELECT p.id, p.contest_id, p.kind, p.user_id, c.format, p.xmin::text AS version, u.username, ${rankColumns('p')}
    FROM ${from} JOIN contests c ON c.contest_id = p.contest_id LEFT JOIN users u ON u.id = p.user_id
    WHERE ${key} = $1`;
}

/**
 * Every official row of contest $1 in the view's order (the rows' index's), each with its version, its user's name
 * and the columns it ranks by: a Ranking, read once and then kept up to date by each result's row.
 */
export function rankingSql(format: ContestFormat, view: BoardView): string {
  return `SELECT p.id, p.xmin::text AS version, u.username, ${rankColumns('p')}
    FROM contest_participations p LEFT JOIN users u ON u.id = p.user_id
    WHERE ${official('p')} ORDER BY ${indexOrder(format, view, 'p')}`;
}

/**
 * Every virtual run's row of contest $1, in no order, as rankingSql reads the official ones: what the board with
 * virtual participants ranks in among them (Ranking.withRows). A virtual run's results are never hidden, so its two
 * folds agree.
 */
export const VIRTUAL_ROWS_SQL = `SELECT p.id, p.xmin::text AS version, u.username, ${rankColumns('p')}
    FROM contest_participations p LEFT JOIN users u ON u.id = p.user_id
    WHERE p.contest_id = $1 AND p.kind = 'virtual'`;

/** A page of a contest's official rows in the view's order: $1 the contest, $2 rows (null: all) from $3. */
export function rankedPageSql(format: ContestFormat, view: BoardView): string {
  return rankedRows(pageRows(format, view));
}

/**
 * The first solver of each problem in the view, by their own minute, ties to the lower participation: per problem,
 * the first entry of the fold's partial index of solved cells (contest_cells_problem_idx,
 * contest_cells_public_problem_idx, which end in the participation) that is an official row, named afterwards.
 */
export function firstSolversSql(view: BoardView): string {
  const [solved, minute] = view === 'public' ? ['x.public_solved', 'x.public_minute'] : ['x.solved', 'x.minute'];
  return `SELECT cp.label, u.username, first.minute FROM contest_problems cp
    CROSS JOIN LATERAL (
      SELECT p.user_id, ${minute} AS minute
      FROM contest_cells x
      JOIN contest_participations p ON p.id = x.participation_id AND p.kind = 'official'
      WHERE x.contest_id = cp.contest_id AND x.problem_id = cp.problem_id AND ${solved}
      ORDER BY ${minute}, x.participation_id LIMIT 1
    ) first
    LEFT JOIN users u ON u.id = first.user_id
    WHERE cp.contest_id = $1`;
}

/**
 * Per problem of contest $1, over every row of the scope in the view: how many solved it and how many tried it (a
 * solve, a rejected try, or, in the public fold, a try pending behind the freeze). ProblemTotals in contracts.
 */
export function problemTotalsSql(view: BoardView, scope: BoardScope): string {
  const [solved, tried] =
    view === 'public'
      ? ['x.public_solved', 'x.public_solved OR x.public_attempts > 0 OR x.pending > 0']
      : ['x.solved', 'x.solved OR x.attempts > 0'];
  return `SELECT cp.label, count(x.participation_id) FILTER (WHERE ${solved})::int AS solved,
      count(x.participation_id) FILTER (WHERE ${tried})::int AS tried
    FROM contest_problems cp
    LEFT JOIN (contest_cells x JOIN contest_participations p ON p.id = x.participation_id
        AND p.kind ${scope === 'official' ? "= 'official'" : "IN ('official', 'virtual')"})
      ON x.contest_id = cp.contest_id AND x.problem_id = cp.problem_id
    WHERE cp.contest_id = $1
    GROUP BY cp.label`;
}

/** The stored cell tuple (BOARD_ROWS_SQL's `cells`) as the view shows it; IOI's subtasks where it has them. */
export function cellOf(tuple: unknown[], view: BoardView): ContestCell {
  const [attempts, solved, score, minute, pAttempts, pSolved, pScore, pMinute, pending, subtasks, pSubtasks, seconds, pSeconds] = tuple as [
    number,
    boolean,
    number,
    number | null,
    number,
    boolean,
    number,
    number | null,
    number,
    CellSubtask[] | null,
    CellSubtask[] | null,
    number | null,
    number | null,
  ];
  const cell: ContestCell =
    view === 'live'
      ? { attempts, solved, score, minute, elapsedSeconds: seconds, pending: 0 }
      : { attempts: pAttempts, solved: pSolved, score: pScore, minute: pMinute, elapsedSeconds: pSeconds, pending };
  const shown = view === 'live' ? subtasks : pSubtasks;
  return shown ? { ...cell, subtasks: shown } : cell;
}

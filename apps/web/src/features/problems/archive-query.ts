import { DIFFICULTIES, Difficulty, PROBLEM_SORTS, PROBLEM_VISIBILITIES, ProblemSort, ProblemVisibility, SortOrder } from '@oj/contracts';

/** What the archive shows, as its URL carries it, so a link, a reload and Back all return to the same view. */
export interface ArchiveQuery {
  q: string;
  difficulty: Difficulty | '';
  /** Every one of them (AND); in the URL as `tag` repeated (a comma-separated one is read too). */
  tags: string[];
  visibility: ProblemVisibility;
  sort: ProblemSort;
  order: SortOrder;
  page: number;
}

const DEFAULTS: ArchiveQuery = { q: '', difficulty: '', tags: [], visibility: 'all', sort: 'id', order: 'asc', page: 1 };

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

/** Reads the archive's view from the URL; anything missing or unknown falls back to the default. */
export function readArchiveQuery(params: URLSearchParams): ArchiveQuery {
  const page = Number(params.get('page'));
  return {
    q: params.get('q') ?? '',
    difficulty: oneOf<Difficulty | ''>(DIFFICULTIES, params.get('difficulty'), ''),
    tags: [...new Set(params.getAll('tag').flatMap((tag) => tag.split(',').map((t) => t.trim())))].filter(Boolean),
    visibility: oneOf(PROBLEM_VISIBILITIES, params.get('visibility'), 'all'),
    sort: oneOf(PROBLEM_SORTS, params.get('sort'), 'id'),
    order: params.get('order') === 'desc' ? 'desc' : 'asc',
    page: Number.isSafeInteger(page) && page > 1 ? page : 1,
  };
}

/** The URL of a view: only what differs from the default, so the plain archive stays at `/problems`. */
export function writeArchiveQuery(query: ArchiveQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of Object.keys(DEFAULTS) as (keyof ArchiveQuery)[]) {
    if (key === 'tags') for (const tag of query.tags) params.append('tag', tag);
    else if (query[key] !== DEFAULTS[key]) params.set(key, String(query[key]));
  }
  return params;
}

/** Solves and AC rate read best from the highest; the other columns from the start. */
const firstOrder = (sort: ProblemSort): SortOrder => (sort === 'solves' || sort === 'acRate' ? 'desc' : 'asc');

/** A click on a column header: the same column flips its order, another one starts at its first order. */
export function sortBy(query: ArchiveQuery, sort: ProblemSort): ArchiveQuery {
  const order = query.sort === sort ? (query.order === 'asc' ? 'desc' : 'asc') : firstOrder(sort);
  return { ...query, sort, order, page: 1 };
}

import { LiveEvent } from '@oj/contracts';

/** The /submissions filters, as kept in the URL's query string. */
export interface SubmissionFilters {
  status: string;
  user: string;
  problemId: string;
  dateFrom: string;
  dateTo: string;
}

export const FILTER_KEYS: (keyof SubmissionFilters)[] = ['status', 'user', 'problemId', 'dateFrom', 'dateTo'];

/** The filters and page a URL's query string holds (missing ones empty, page 1). */
export function filtersFromSearch(search: URLSearchParams): { filters: SubmissionFilters; page: number } {
  const filters = Object.fromEntries(FILTER_KEYS.map((key) => [key, search.get(key) ?? ''])) as unknown as SubmissionFilters;
  const page = Number(search.get('page'));
  return { filters, page: Number.isInteger(page) && page > 1 ? page : 1 };
}

/** The query string for filters and a page: only set filters, and the page only past the first. */
export function searchFromFilters(filters: SubmissionFilters, page: number): URLSearchParams {
  const search = new URLSearchParams();
  for (const key of FILTER_KEYS) if (filters[key]) search.set(key, filters[key]);
  if (page > 1) search.set('page', String(page));
  return search;
}

/** Whether a live event belongs in the filtered list (the server applies the same filters to pages). */
export function eventMatches(f: SubmissionFilters, e: LiveEvent): boolean {
  if (f.status && e.status !== f.status) return false;
  if (f.user && !(e.userName ?? '').toLowerCase().includes(f.user.toLowerCase()) && e.userId?.toLowerCase() !== f.user.toLowerCase())
    return false;
  if (f.problemId && e.problemId !== Number(f.problemId)) return false;
  const day = e.createdAt.slice(0, 10);
  if (f.dateFrom && day < f.dateFrom) return false;
  if (f.dateTo && day > f.dateTo) return false;
  return true;
}

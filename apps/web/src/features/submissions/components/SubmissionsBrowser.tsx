import { SUBMISSION_STATUS_LABELS, SUBMISSION_STATUSES } from '@oj/contracts';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { useSession } from '../../../session/SessionProvider';
import { eventMatches, filtersFromSearch, searchFromFilters, SubmissionFilters } from '../submission-filters';
import { LiveSubmissionList } from './LiveSubmissionList';

/** Typing in a text filter waits this long for a pause before the list (and the URL) follow. */
export const FILTER_DEBOUNCE_MS = 300;

/** Platform-wide submissions; the filters and page live in the URL, so a view can be shared, reloaded and gone back to. */
export function SubmissionsBrowser() {
  const { isAdmin } = useSession();
  const [search, setSearch] = useSearchParams();
  const latest = useRef(search);
  latest.current = search;
  const { filters, page } = filtersFromSearch(search);
  const show = (next: SubmissionFilters, nextPage = 1) => setSearch(searchFromFilters(next, nextPage));
  const set = (key: keyof SubmissionFilters, value: string) => show({ ...filters, [key]: value });

  // The text fields show what is typed at once; the filters follow after a pause, and follow the URL back.
  const [typed, setTyped] = useState({ user: filters.user, problemId: filters.problemId });
  useEffect(() => setTyped({ user: filters.user, problemId: filters.problemId }), [filters.user, filters.problemId]);
  useEffect(() => {
    if (typed.user === filters.user && typed.problemId === filters.problemId) return;
    // Applied to the URL as it is when the wait ends: a filter picked meanwhile (a status) is kept.
    const timer = setTimeout(
      () => setSearch(searchFromFilters({ ...filtersFromSearch(latest.current).filters, ...typed }, 1)),
      FILTER_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
    // Only a change of what is typed starts the wait.
  }, [typed]);

  const active = Object.values(filters).some(Boolean);
  return (
    <section>
      <h1>Submissions</h1>
      <div className="filters">
        <select aria-label="Status" value={filters.status} onChange={(e) => set('status', e.target.value)}>
          <option value="">All statuses</option>
          {SUBMISSION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {SUBMISSION_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
        <input aria-label="User" placeholder="User" value={typed.user} onChange={(e) => setTyped({ ...typed, user: e.target.value })} />
        <input
          aria-label="Problem ID"
          placeholder="Problem ID"
          type="number"
          min={1}
          value={typed.problemId}
          onChange={(e) => setTyped({ ...typed, problemId: e.target.value })}
        />
        <input aria-label="Date from" type="date" value={filters.dateFrom} onChange={(e) => set('dateFrom', e.target.value)} />
        <input aria-label="Date to" type="date" value={filters.dateTo} onChange={(e) => set('dateTo', e.target.value)} />
      </div>
      <LiveSubmissionList
        source={{ kind: 'global', filters }}
        matches={(e) => eventMatches(filters, e)}
        emptyText={active ? 'No submissions match the current filters.' : 'No submissions recorded yet.'}
        showProblem
        showActions={isAdmin}
        page={page}
        onPage={(next) => show(filters, next)}
      />
    </section>
  );
}

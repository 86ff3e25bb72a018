import { SUBMISSION_STATUS_LABELS, SUBMISSION_STATUSES, LiveEvent } from '@oj/contracts';
import { useMemo, useState } from 'react';
import { LiveSubmissionList } from '../components/LiveSubmissionList';
import { useSession } from '../session/SessionProvider';

interface Filters {
  status: string;
  user: string;
  problemId: string;
  dateFrom: string;
  dateTo: string;
}

const EMPTY: Filters = { status: '', user: '', problemId: '', dateFrom: '', dateTo: '' };

/** Whether a live event belongs in the filtered list (the server applies the same filters to pages). */
export function eventMatches(f: Filters, e: LiveEvent): boolean {
  if (f.status && e.status !== f.status) return false;
  if (f.user && !(e.userName ?? '').toLowerCase().includes(f.user.toLowerCase()) && e.userId?.toLowerCase() !== f.user.toLowerCase()) return false;
  if (f.problemId && e.problemId !== Number(f.problemId)) return false;
  const day = e.createdAt.slice(0, 10);
  if (f.dateFrom && day < f.dateFrom) return false;
  if (f.dateTo && day > f.dateTo) return false;
  return true;
}

export function SubmissionsPage() {
  const { isAdmin } = useSession();
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [page, setPage] = useState(1);
  const set = (key: keyof Filters, value: string) => {
    setFilters({ ...filters, [key]: value });
    setPage(1);
  };
  const listUrl = useMemo(() => {
    const params = new URLSearchParams({ sort: '-createdAt' });
    for (const [k, v] of Object.entries(filters)) if (v) params.set(k, v);
    return `/api/submissions?${params}`;
  }, [filters]);
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
        <input aria-label="User" placeholder="User" value={filters.user} onChange={(e) => set('user', e.target.value)} />
        <input aria-label="Problem ID" placeholder="Problem ID" type="number" min={1} value={filters.problemId} onChange={(e) => set('problemId', e.target.value)} />
        <input aria-label="Date from" type="date" value={filters.dateFrom} onChange={(e) => set('dateFrom', e.target.value)} />
        <input aria-label="Date to" type="date" value={filters.dateTo} onChange={(e) => set('dateTo', e.target.value)} />
      </div>
      <LiveSubmissionList
        listUrl={listUrl}
        streamPath="/api/submissions/stream"
        updatesPath="/api/submissions/updates"
        matches={(e) => eventMatches(filters, e)}
        emptyText={active ? 'No submissions match the current filters.' : 'No submissions recorded yet.'}
        showProblem
        showActions={isAdmin}
        page={page}
        onPage={setPage}
      />
    </section>
  );
}

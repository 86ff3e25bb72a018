import { ReactNode } from 'react';
import { useParams } from 'react-router-dom';

import { ApiError } from '../../../api/api-error';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import type { Contest } from '../api';
import { useContest } from '../hooks/useContest';

/** The contest of the route's `contestId`, loaded, or the page's loading and not-found states; titles the tab. */
export function WithContest({ title, children }: { title: (contest: Contest) => string; children: (contest: Contest) => ReactNode }) {
  const contestId = Number(useParams().contestId);
  const contest = useContest(contestId);
  useDocumentTitle(contest.data ? title(contest.data) : contest.isError ? 'Contest not found' : undefined);
  if (!Number.isInteger(contestId) || contestId <= 0) return <p className="error">Contest not found.</p>;
  if (contest.isPending) return <p className="muted">Loading…</p>;
  if (contest.isError) {
    const notFound = contest.error instanceof ApiError && contest.error.status === 404;
    return <p className="error">{notFound ? 'Contest not found.' : 'Failed to load the contest.'}</p>;
  }
  return <>{children(contest.data)}</>;
}

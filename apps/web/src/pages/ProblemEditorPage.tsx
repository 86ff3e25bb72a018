import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { api, ApiError, unwrap } from '../api/client';
import { useSession } from '../session/SessionProvider';

/**
 * Create Problem and Edit problem. The problem form itself belongs to the next SPA issue; these routes, their
 * guards and the edit permission check are in place so links to them already behave.
 */
export function ProblemEditorPage({ mode }: { mode: 'create' | 'edit' }) {
  const { problemId: raw } = useParams();
  const problemId = Number(raw);
  const { user, isAdmin, loading } = useSession();
  const problem = useQuery({
    queryKey: ['problem', problemId, user?.id ?? null],
    queryFn: () => unwrap(api.GET('/api/problems/{problemId}', { params: { path: { problemId }, query: { includePrivate: true } } })),
    enabled: mode === 'edit' && Number.isInteger(problemId) && problemId > 0 && !loading,
    retry: false,
  });
  if (mode === 'edit') {
    if (problem.isPending && problem.fetchStatus !== 'idle') return <p className="muted">Loading…</p>;
    const notFound = !problem.data && (!(problem.error instanceof ApiError) || problem.error.status === 404);
    if (notFound) return <p className="error">Problem not found.</p>;
    if (!problem.data) return <p className="error">Failed to load problem. You may not have access.</p>;
    if (!isAdmin && problem.data.author?.id !== user?.id) return <p className="error">You do not have permission to edit this problem.</p>;
  }
  return (
    <section className="card">
      <h1>{mode === 'create' ? 'Create Problem' : 'Edit problem'}</h1>
      {problem.data && <p>{problem.data.title}</p>}
      <p className="muted">
        The problem form is not available in this version of the web app. Problems can be created and edited through the API (
        <a href="/api/docs">/api/docs</a>).
      </p>
      {mode === 'edit' && <Link to={`/problems/${problemId}`}>Back to the problem</Link>}
    </section>
  );
}

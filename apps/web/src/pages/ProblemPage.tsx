import { canEditProblem } from '@oj/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';

import { api, ApiError, unwrap } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { ConfirmDialog } from '../components/Modal';
import { useDocumentTitle } from '../components/useDocumentTitle';
import { fetchProblem } from '../features/problems/api';
import { RejudgeAll } from '../features/problems/components/RejudgeAll';
import { Statement } from '../features/problems/components/Statement';
import { SubmissionsPanel } from '../features/problems/components/SubmissionsPanel';
import { SubmitForm } from '../features/problems/components/SubmitForm';
import { TimeLimits } from '../features/problems/components/TimeLimits';
import { useLiveVerdictCounts } from '../features/problems/hooks/useLiveVerdictCounts';
import { useSession } from '../session/SessionProvider';

export function ProblemPage() {
  const { problemId: raw } = useParams();
  const problemId = Number(raw);
  const { user, viewer, isAdmin, loading } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [flash] = useState<string | undefined>(() => (location.state as { flash?: string } | null)?.flash);
  const [confirming, setConfirming] = useState(false);
  const [submitted, setSubmitted] = useState<string | null>(null);
  useEffect(() => {
    if (flash) navigate(location.pathname, { replace: true, state: null });
    // The flash is shown once: clear it from history right away.
  }, [flash, navigate, location.pathname]);

  const problem = useQuery({
    // Test cases come back only for admins (SPEC 6); the server decides, so any signed-in user asks.
    queryKey: queryKeys.problemFor(problemId, user?.id ?? null),
    queryFn: () => fetchProblem(problemId, !!user),
    enabled: Number.isInteger(problemId) && problemId > 0 && !loading,
    retry: false,
  });
  const countVerdict = useLiveVerdictCounts(problemId);
  useDocumentTitle(problem.data?.title ?? (problem.isError ? 'Problem not found' : undefined));
  const toggle = useMutation({
    mutationFn: (isPublic: boolean) =>
      unwrap(api.PATCH('/api/problems/{problemId}/visibility', { params: { path: { problemId } }, body: { isPublic } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.problem(problemId) }),
  });
  const remove = useMutation({
    mutationFn: () => unwrap(api.DELETE('/api/problems/{problemId}', { params: { path: { problemId } } })),
    onSuccess: () => navigate('/problems'),
  });

  if (!Number.isInteger(problemId) || problemId <= 0) return <p className="error">Problem not found.</p>;
  if (problem.isPending) return <p className="muted">Loading…</p>;
  if (problem.isError || !problem.data) {
    const notFound = problem.error instanceof ApiError && problem.error.status === 404;
    return <p className="error">{notFound ? 'Problem not found.' : 'Failed to load problem. You may not have access.'}</p>;
  }
  const p = problem.data;
  const canEdit = canEditProblem({ isPublic: p.isPublic, authorId: p.author?.id }, viewer);

  return (
    <article className="problem">
      {flash && (
        <p className="notice" role="status">
          {flash}
        </p>
      )}
      <header className="problem-head">
        <h1>
          {p.title} <span className="muted">#{p.problemId}</span>
        </h1>
        <div className="row">
          <span className={`tag difficulty-${p.difficulty}`}>{p.difficulty}</span>
          {!p.isPublic && <span className="badge private">Private</span>}
          <span className="muted">
            {p.submissionCount} submissions · {p.acceptedSubmissionCount} accepted · {p.testCaseCount} test cases · {p.totalPoints} points ·{' '}
            {p.cpuTimeLimit} s · {p.memoryLimit} MB
          </span>
        </div>
        <TimeLimits limits={p.effectiveCpuTimeLimits} />
        <div className="row">
          {canEdit && (
            <Link className="btn small" to={`/problems/${p.problemId}/edit`}>
              Edit
            </Link>
          )}
          {isAdmin && (
            <>
              <button className="btn small" onClick={() => toggle.mutate(!p.isPublic)}>
                {p.isPublic ? 'Make Private' : 'Make Public'}
              </button>
              <button className="btn small danger" onClick={() => setConfirming(true)}>
                Delete
              </button>
              <RejudgeAll problemId={p.problemId} />
            </>
          )}
        </div>
      </header>
      <div className="problem-layout">
        <Statement p={p} canEdit={canEdit} />
        <div className="problem-work">
          {user ? (
            <SubmitForm problemId={p.problemId} allowed={p.judge0LanguageIds} samples={p.samples} onSubmitted={setSubmitted} />
          ) : (
            <p className="card login-prompt">
              <Link to="/login" state={{ from: location }}>
                Log in
              </Link>{' '}
              to submit a solution.
            </p>
          )}
        </div>
      </div>
      {/* Full width under both: the table's eight columns need it. */}
      {user && <SubmissionsPanel problemId={p.problemId} submitted={submitted} onEvent={countVerdict} />}
      {confirming && (
        <ConfirmDialog
          title="Delete problem"
          message="Delete this problem? All its submissions are also removed. This cannot be undone."
          confirmLabel="Delete"
          onCancel={() => setConfirming(false)}
          onConfirm={() => remove.mutate()}
        />
      )}
    </article>
  );
}

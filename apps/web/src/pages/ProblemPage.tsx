import '../features/problems/problems.css';

import { canDownloadPackage, canEditProblem } from '@oj/contracts';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';

import { ApiError } from '../api/api-error';
import { useDocumentTitle } from '../components/useDocumentTitle';
import { ExportPackage } from '../features/problems/components/ExportPackage';
import { useProblemAdminActions } from '../features/problems/components/ProblemAdminActions';
import { RejudgeAll } from '../features/problems/components/RejudgeAll';
import { Statement } from '../features/problems/components/Statement';
import { SubmissionsPanel } from '../features/problems/components/SubmissionsPanel';
import { SubmitForm } from '../features/problems/components/SubmitForm';
import { TimeLimits } from '../features/problems/components/TimeLimits';
import { useLiveVerdictCounts } from '../features/problems/hooks/useLiveVerdictCounts';
import { useProblem } from '../features/problems/hooks/useProblem';
import { useSession } from '../session/SessionProvider';

export function ProblemPage() {
  const { problemId: raw } = useParams();
  const problemId = Number(raw);
  const { user, viewer, isAdmin } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [flash] = useState<string | undefined>(() => (location.state as { flash?: string } | null)?.flash);
  const [submitted, setSubmitted] = useState<string | null>(null);
  useEffect(() => {
    if (flash) void navigate(location.pathname, { replace: true, state: null });
    // The flash is shown once: clear it from history right away.
  }, [flash, navigate, location.pathname]);

  const problem = useProblem(problemId);
  const countVerdict = useLiveVerdictCounts(problemId);
  useDocumentTitle(problem.data?.title ?? (problem.isError ? 'Problem not found' : undefined));
  const adminActions = useProblemAdminActions(() => void navigate('/problems'));

  if (!Number.isInteger(problemId) || problemId <= 0) return <p className="error">Problem not found.</p>;
  if (problem.isPending) return <p className="muted">Loading…</p>;
  if (problem.isError || !problem.data) {
    const notFound = problem.error instanceof ApiError && problem.error.status === 404;
    return <p className="error">{notFound ? 'Problem not found.' : 'Failed to load problem. You may not have access.'}</p>;
  }
  const p = problem.data;
  const authored = { isPublic: p.isPublic, authorId: p.author?.id };
  const canEdit = canEditProblem(authored, viewer);

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
            {p.cpuTimeLimit} s · {p.memoryLimit} MB · output {p.outputLimit} MB
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
              {adminActions.buttons(p)}
              <RejudgeAll problemId={p.problemId} />
            </>
          )}
          {canDownloadPackage(authored, viewer) && <ExportPackage problemId={p.problemId} />}
        </div>
      </header>
      <div className="problem-layout">
        <Statement p={p} canEdit={canEdit} />
        <div className="problem-work">
          {user ? (
            <SubmitForm
              problemId={p.problemId}
              allowed={p.judge0LanguageIds}
              samples={p.samples}
              templates={p.templates}
              onSubmitted={setSubmitted}
            />
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
      {adminActions.dialog}
    </article>
  );
}

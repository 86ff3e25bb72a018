import { canChangeVisibility, canEditProblem, canSetTestReadingCode } from '@oj/contracts';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';

import { api, ApiError, unwrap } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { useDocumentTitle } from '../components/useDocumentTitle';
import { DefaultPasswordBanner } from '../features/admin-security/components/DefaultPasswordBanner';
import { ProblemForm } from '../features/problem-form/components/ProblemForm';
import { useSession } from '../session/SessionProvider';

/** Create Problem (/admin/create) and Edit problem (/problems/{id}/edit): the shared problem form. */
export function ProblemEditorPage({ mode }: { mode: 'create' | 'edit' }) {
  useDocumentTitle(mode === 'create' ? 'Create Problem' : 'Edit problem');
  const { problemId: raw } = useParams();
  const problemId = Number(raw);
  const { user, viewer, loading } = useSession();
  const problem = useQuery({
    queryKey: queryKeys.problemFor(problemId, user?.id ?? null, 'edit'),
    queryFn: () => unwrap(api.GET('/api/problems/{problemId}', { params: { path: { problemId }, query: { includePrivate: true } } })),
    enabled: mode === 'edit' && Number.isInteger(problemId) && problemId > 0 && !loading,
    retry: false,
    // The form starts from the stored problem, never from a copy cached before the last save.
    staleTime: 0,
    gcTime: 0,
  });
  if (mode === 'create') {
    return (
      <section>
        <DefaultPasswordBanner />
        <h1>Create Problem</h1>
        <ProblemForm mode="create" canChangeVisibility={canChangeVisibility(viewer)} canSetCustomChecker={canSetTestReadingCode(viewer)} />
      </section>
    );
  }
  if (problem.isPending && problem.fetchStatus !== 'idle') return <p className="muted">Loading…</p>;
  const notFound = !problem.data && (!(problem.error instanceof ApiError) || problem.error.status === 404);
  if (notFound) return <p className="error">Problem not found.</p>;
  if (!problem.data) return <p className="error">Failed to load problem. You may not have access.</p>;
  if (!canEditProblem({ isPublic: problem.data.isPublic, authorId: problem.data.author?.id }, viewer))
    return <p className="error">You do not have permission to edit this problem.</p>;
  return (
    <section>
      <DefaultPasswordBanner />
      <h1>Edit problem</h1>
      <ProblemForm
        key={problem.data.problemId}
        mode="edit"
        problem={problem.data}
        canChangeVisibility={canChangeVisibility(viewer)}
        canSetCustomChecker={canSetTestReadingCode(viewer)}
      />
    </section>
  );
}

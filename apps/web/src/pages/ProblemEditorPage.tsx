import { canChangeVisibility, canEditProblem, canSetTestReadingCode } from '@oj/contracts';
import { useParams } from 'react-router-dom';

import { ApiError } from '../api/api-error';
import { useDocumentTitle } from '../components/useDocumentTitle';
import { DefaultPasswordBanner } from '../features/admin-security/components/DefaultPasswordBanner';
import { PackageImport } from '../features/problem-form/components/PackageImport';
import { ProblemForm } from '../features/problem-form/components/ProblemForm';
import { useProblemToEdit } from '../features/problem-form/hooks/useProblemEditing';
import { useSession } from '../session/SessionProvider';

/** Create Problem (/admin/create) and Edit problem (/problems/{id}/edit): the shared problem form. */
export function ProblemEditorPage({ mode }: { mode: 'create' | 'edit' }) {
  useDocumentTitle(mode === 'create' ? 'Create Problem' : 'Edit problem');
  const { problemId: raw } = useParams();
  const problemId = Number(raw);
  const { viewer } = useSession();
  const problem = useProblemToEdit(problemId, mode === 'edit');
  if (mode === 'create') {
    return (
      <section>
        <DefaultPasswordBanner />
        <h1>Create Problem</h1>
        <PackageImport />
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

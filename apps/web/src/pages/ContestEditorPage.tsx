import { useDocumentTitle } from '../components/useDocumentTitle';
import { ContestForm } from '../features/contests/components/ContestForm';
import { WithContest } from '../features/contests/components/WithContest';

/** Create (`/admin/contests/new`) or edit (`/contests/{id}/edit`) a contest. */
export function ContestEditorPage({ mode }: { mode: 'create' | 'edit' }) {
  return mode === 'create' ? (
    <NewContest />
  ) : (
    <WithContest title={(c) => `Edit ${c.title}`}>{(contest) => <ContestForm contest={contest} />}</WithContest>
  );
}

function NewContest() {
  useDocumentTitle('New Contest');
  return <ContestForm />;
}

import { useState } from 'react';

import { ConfirmDialog } from '../../../components/Modal';
import { AdminProblem, useProblemAdmin } from '../hooks/useProblemAdmin';

/**
 * Admins' Make Public / Make Private and Delete of a problem, the same on its page and in each archive row:
 * `buttons(problem)` where the actions go, `dialog` (the question Delete asks first) outside any table.
 */
export function useProblemAdminActions(onDeleted?: () => void) {
  const { setVisibility, remove } = useProblemAdmin(onDeleted);
  const [deleting, setDeleting] = useState<AdminProblem | null>(null);
  const buttons = (p: AdminProblem) => (
    <>
      <button className="btn small" onClick={() => setVisibility.mutate(p)}>
        {p.isPublic ? 'Make Private' : 'Make Public'}
      </button>
      <button className="btn small danger" onClick={() => setDeleting(p)}>
        Delete
      </button>
    </>
  );
  const dialog = deleting && (
    <ConfirmDialog
      title="Delete problem"
      message={`Delete #${deleting.problemId} ${deleting.title}? All its submissions are also removed. This cannot be undone.`}
      confirmLabel="Delete"
      onCancel={() => setDeleting(null)}
      onConfirm={() => {
        remove.mutate(deleting.problemId);
        setDeleting(null);
      }}
    />
  );
  return { buttons, dialog };
}

import { useState } from 'react';
import { Link } from 'react-router-dom';

import { ConfirmDialog } from '../../../components/Modal';
import { editSourceLink } from '../../problems/problem-drafts';

/** "Edit and resubmit": the submission's code back in its problem's editor, to change before sending. */
export function EditAndResubmitLink({
  problemId,
  languageId,
  source,
}: {
  problemId: number;
  languageId: number;
  source: string | undefined;
}) {
  if (source === undefined) return null;
  const link = editSourceLink(problemId, { languageId, source });
  return (
    <Link className="btn" to={link.to} state={link.state}>
      Edit and resubmit
    </Link>
  );
}

/**
 * Re-submit sends the same code again as a new submission, so it asks first: a click by mistake would cost a
 * contest penalty or a place in the queue.
 */
export function useResubmitConfirmation(resubmit: (id: string) => void) {
  const [asking, setAsking] = useState<string | null>(null);
  const dialog = asking && (
    <ConfirmDialog
      title="Re-submit"
      message="Send the same code again as a new submission? To change it first, use Edit and resubmit."
      confirmLabel="Re-submit"
      onCancel={() => setAsking(null)}
      onConfirm={() => {
        setAsking(null);
        resubmit(asking);
      }}
    />
  );
  return { ask: setAsking, dialog };
}

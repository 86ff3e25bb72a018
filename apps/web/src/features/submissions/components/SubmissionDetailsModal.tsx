import { isFinalStatus } from '@oj/contracts';
import { useState } from 'react';

import { errorMessage } from '../../../api/api-error';
import { Modal } from '../../../components/Modal';
import { useSession } from '../../../session/SessionProvider';
import { useRejudgeSubmission } from '../hooks/useSubmissionActions';
import { useSubmissionDetail } from '../hooks/useSubmissionDetail';
import { EditAndResubmitLink } from './ResubmitActions';
import { SubmissionDetails } from './SubmissionDetails';

interface Props {
  id: string;
  onClose: () => void;
  onResubmit?: (id: string) => void;
  canResubmit: boolean;
}

/**
 * Submission Details: figures, per-test results, the source when allowed, Re-submit, Rejudge (admins) and Close;
 * its title links to the submission's page. After a rejudge it follows the submission until its new result.
 */
export function SubmissionDetailsModal({ id, onClose, onResubmit, canResubmit }: Props) {
  const { isAdmin } = useSession();
  const [rejudged, setRejudged] = useState(false);
  const query = useSubmissionDetail(id, rejudged);
  const rejudge = useRejudgeSubmission(id, () => setRejudged(true));
  const s = query.data?.submission;
  const rejudging = rejudge.isPending || (rejudged && !!s && !isFinalStatus(s.status));
  return (
    <Modal
      title="Submission Details"
      titleTo={`/submissions/${id}`}
      onClose={onClose}
      footer={
        <>
          {rejudge.isError && (
            <span className="error" role="alert">
              {errorMessage(rejudge.error, 'Failed to rejudge submission.')}
            </span>
          )}
          {(rejudged || rejudging) && (
            <span className="muted" role="status">
              {rejudging ? 'Rejudging…' : 'Rejudged.'}
            </span>
          )}
          {s && isAdmin && (
            <button className="btn" onClick={() => rejudge.mutate()} disabled={rejudge.isPending || rejudging}>
              Rejudge
            </button>
          )}
          {s && canResubmit && <EditAndResubmitLink problemId={s.problemId} languageId={s.languageId} source={s.source} />}
          {s && canResubmit && onResubmit && (
            <button className="btn primary" onClick={() => onResubmit(s.id)}>
              Re-submit
            </button>
          )}
          <button className="btn" onClick={onClose}>
            Close
          </button>
        </>
      }
    >
      {query.isPending && <p className="muted">Loading…</p>}
      {query.isError && <p className="error">Failed to load submission.</p>}
      {s && <SubmissionDetails submission={s} />}
    </Modal>
  );
}

import { Modal } from '../../../components/Modal';
import { useSubmissionDetail } from '../hooks/useSubmissionDetail';
import { SubmissionDetails } from './SubmissionDetails';

interface Props {
  id: string;
  onClose: () => void;
  onResubmit?: (id: string) => void;
  canResubmit: boolean;
}

/** Submission Details: figures, per-test results, the source when allowed, Re-submit and Close; its title links to the submission's page. */
export function SubmissionDetailsModal({ id, onClose, onResubmit, canResubmit }: Props) {
  const query = useSubmissionDetail(id);
  const s = query.data?.submission;
  return (
    <Modal
      title="Submission Details"
      titleTo={`/submissions/${id}`}
      onClose={onClose}
      footer={
        <>
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

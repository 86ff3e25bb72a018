import { canResubmit as mayResubmit } from '@oj/contracts';
import { useNavigate, useParams } from 'react-router-dom';

import { errorMessage } from '../api/api-error';
import { useDocumentTitle } from '../components/useDocumentTitle';
import { CompareSubmissions } from '../features/submissions/components/CompareSubmissions';
import { EditAndResubmitLink, useResubmitConfirmation } from '../features/submissions/components/ResubmitActions';
import { SubmissionDetails } from '../features/submissions/components/SubmissionDetails';
import { useResubmit } from '../features/submissions/hooks/useSubmissionActions';
import { useSubmissionDetail } from '../features/submissions/hooks/useSubmissionDetail';
import { useSession } from '../session/SessionProvider';

/** /submissions/{id}: the Submission Details of one submission, on a page that can be linked. */
export function SubmissionPage() {
  useDocumentTitle('Submission Details');
  const { submissionId = '' } = useParams();
  const { viewer } = useSession();
  const navigate = useNavigate();
  const query = useSubmissionDetail(submissionId);
  const resubmit = useResubmit({ onSuccess: (created) => navigate(`/submissions/${created.submissionId}`) });
  const confirmResubmit = useResubmitConfirmation(() => resubmit.mutate(submissionId));
  const s = query.data?.submission;
  const canResubmit = !!s && mayResubmit(s, viewer);
  return (
    <section className="card">
      <div className="section-head">
        <h1>Submission Details</h1>
        {canResubmit && (
          <span className="actions">
            <EditAndResubmitLink problemId={s.problemId} languageId={s.languageId} source={s.source} />
            <button className="btn primary" onClick={() => confirmResubmit.ask(s.id)} disabled={resubmit.isPending}>
              Re-submit
            </button>
          </span>
        )}
      </div>
      {resubmit.isError && <p className="error">{errorMessage(resubmit.error, 'Failed to re-submit submission.')}</p>}
      {query.isPending && <p className="muted">Loading…</p>}
      {query.isError && <p className="error">{errorMessage(query.error, 'Failed to load submission.')}</p>}
      {s && <SubmissionDetails submission={s} onPage />}
      {s && <CompareSubmissions submission={s} />}
      {confirmResubmit.dialog}
    </section>
  );
}

import '../compare.css';

import { SUBMISSION_STATUS_LABELS, SubmissionStatus } from '@oj/contracts';
import { lazy, Suspense, useState } from 'react';

import { errorMessage } from '../../../api/api-error';
import { shortDate } from '../../../components/format';
import { useComparableSubmissions } from '../hooks/useComparableSubmissions';
import { useSubmissionDetail } from '../hooks/useSubmissionDetail';
import type { SubmissionDetail } from './SubmissionDetails';

// jsdiff and the diff view load only once someone compares.
const SourceDiff = lazy(() => import('./SourceDiff'));

/** "Nov 23, 14:05, Python (3.11.2), Accepted": a submission as the compare list and the diff name it. */
function describe(s: { submittedAt: string; language: string; status: SubmissionStatus }): string {
  return `${shortDate(s.submittedAt)}, ${s.language}, ${SUBMISSION_STATUS_LABELS[s.status]}`;
}

/** The chosen submission's source against this one's, the older as "before". */
function ComparedWith({ submission, otherId }: { submission: SubmissionDetail; otherId: string }) {
  const query = useSubmissionDetail(otherId);
  if (query.isPending) return <p className="muted">Loading…</p>;
  if (query.isError) return <p className="error">{errorMessage(query.error, 'Failed to load submission.')}</p>;
  const other = query.data.submission;
  if (!other.canViewSource || other.source === undefined)
    return <p className="muted">Source is private to the owner and administrators.</p>;
  const [older, newer] = other.submittedAt <= submission.submittedAt ? [other, submission] : [submission, other];
  return (
    <Suspense fallback={<p className="muted">Loading…</p>}>
      <SourceDiff
        before={older.source ?? ''}
        after={newer.source ?? ''}
        beforeLabel={`${older.id === submission.id ? 'This submission' : 'Chosen'}: ${describe(older)}`}
        afterLabel={`${newer.id === submission.id ? 'This submission' : 'Chosen'}: ${describe(newer)}`}
      />
    </Suspense>
  );
}

/**
 * "Compare with…": the submitter's other submissions to the same problem, and a diff with the one picked. Offered to
 * whoever may read this source (its submitter, an admin), and only the submitter's own submissions are listed.
 */
export function CompareSubmissions({ submission }: { submission: SubmissionDetail }) {
  const candidates = useComparableSubmissions(submission);
  const [otherId, setOtherId] = useState('');
  if (!submission.canViewSource || !submission.userId) return null;
  return (
    <section className="compare" aria-labelledby="compare-heading">
      <h2 id="compare-heading">Compare</h2>
      {candidates.isPending && <p className="muted">Loading…</p>}
      {candidates.isError && <p className="error">{errorMessage(candidates.error, 'Failed to load submissions.')}</p>}
      {candidates.data?.length === 0 && <p className="muted">No other submission to this problem to compare with.</p>}
      {!!candidates.data?.length && (
        <label className="compare-pick">
          Compare with…
          <select value={otherId} onChange={(e) => setOtherId(e.target.value)}>
            <option value="">Choose a submission</option>
            {candidates.data.map((row) => (
              <option key={row.id} value={row.id}>
                {describe(row)}
              </option>
            ))}
          </select>
        </label>
      )}
      {otherId && <ComparedWith submission={submission} otherId={otherId} />}
    </section>
  );
}

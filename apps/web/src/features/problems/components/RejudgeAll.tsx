import { useState } from 'react';

import { errorMessage } from '../../../api/api-error';
import { ConfirmDialog } from '../../../components/Modal';
import { RejudgeProgress } from '../api';
import { useRejudgeAll } from '../hooks/useRejudgeProgress';

/** "Rejudging 12 of 40…" while a rejudge runs; once it is over, how many were rejudged. */
export function rejudgeProgressText({ total, done }: RejudgeProgress): string {
  if (done < total) return `Rejudging ${done} of ${total}…`;
  return `Rejudged ${total} submission${total === 1 ? '' : 's'}.`;
}

/** Admins: 'Rejudge all' on a problem page, confirmed first, with the rejudge's progress beside it. */
export function RejudgeAll({ problemId }: { problemId: number }) {
  const [confirming, setConfirming] = useState(false);
  const { progress, followed, start } = useRejudgeAll(problemId, { onSettled: () => setConfirming(false) });
  const running = !!progress && progress.pending > 0;
  return (
    <>
      <button className="btn small" onClick={() => setConfirming(true)} disabled={running || start.isPending}>
        Rejudge all
      </button>
      <span className="muted" role="status">
        {progress && (running || followed) ? rejudgeProgressText(progress) : ''}
      </span>
      {start.isError && (
        <span className="error" role="alert">
          {errorMessage(start.error, 'Failed to start the rejudge.')}
        </span>
      )}
      {confirming && (
        <ConfirmDialog
          title="Rejudge all submissions"
          message="Judge every submission of this problem again with its current tests? Verdicts, scores and the problem's counts follow the new results."
          confirmLabel="Rejudge all"
          onCancel={() => setConfirming(false)}
          onConfirm={() => start.mutate()}
        />
      )}
    </>
  );
}

import { useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { errorMessage } from '../../../api/api-error';
import { ConfirmDialog } from '../../../components/Modal';
import { type Contest } from '../api';
import { useDeleteContest } from '../hooks/useContestAdmin';

/** Admins: deletes the contest after asking; its submissions stay as ordinary ones. */
export function DeleteContest({ contest }: { contest: Contest }) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteContest(contest.contestId, () => void navigate('/contests'));
  return (
    <>
      <button className="btn small danger" onClick={() => setConfirming(true)}>
        Delete
      </button>
      {remove.isError && <p className="error">{errorMessage(remove.error, 'Failed to delete the contest.')}</p>}
      {confirming && (
        <ConfirmDialog
          title="Delete contest"
          message={`Delete ${contest.title} and its scoreboard? Its submissions stay, as ordinary ones. This cannot be undone.`}
          confirmLabel="Delete"
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            remove.mutate();
          }}
        />
      )}
    </>
  );
}

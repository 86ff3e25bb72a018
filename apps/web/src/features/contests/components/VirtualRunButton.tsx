import '../contests.css';

import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';

import { errorMessage } from '../../../api/api-error';
import { plural } from '../../../components/format';
import { ConfirmDialog } from '../../../components/Modal';
import { useSession } from '../../../session/SessionProvider';
import { type Contest } from '../api';
import { useVirtualRun } from '../hooks/useContestEntry';

/** How long a virtual run lasts: each participant's window, else the whole contest, as the API gives it. */
const runMinutes = (contest: Contest) =>
  contest.durationMinutes ?? Math.floor((new Date(contest.endsAt).getTime() - new Date(contest.startsAt).getTime()) / 60_000);

/** After the end: Virtual starts the caller's one virtual run of the contest (then the time left shows instead). */
export function VirtualRunButton({ contest }: { contest: Contest }) {
  const { user } = useSession();
  const location = useLocation();
  const start = useVirtualRun(contest);
  const [confirming, setConfirming] = useState(false);
  if (contest.participation?.kind === 'virtual') return null;
  if (!user)
    return (
      <p className="muted">
        <Link to="/login" state={{ from: location }}>
          Log in
        </Link>{' '}
        to start a virtual run.
      </p>
    );
  return (
    <div className="contest-actions">
      <p className="muted" id="virtual-help">
        A virtual run gives you {plural(runMinutes(contest), 'minute')} from now; your board ranks you among the participants as they stood
        at the same time of theirs.
      </p>
      <button className="btn primary" onClick={() => setConfirming(true)} disabled={start.isPending} aria-describedby="virtual-help">
        Virtual
      </button>
      {/* There is one virtual run per contest, and its clock starts at once: asked before it starts. */}
      {confirming && (
        <ConfirmDialog
          title="Start the virtual run?"
          message={`Your ${plural(runMinutes(contest), 'minute')} start now, and you get only one virtual run of this contest.`}
          confirmLabel="Start the virtual run"
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            start.mutate();
          }}
        />
      )}
      {start.isError && (
        <p className="error" role="alert">
          {errorMessage(start.error, 'Failed to start the virtual run.')}
        </p>
      )}
    </div>
  );
}

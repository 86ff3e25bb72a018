import '../contests.css';

import { FormEvent, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';

import { errorMessage } from '../../../api/api-error';
import { plural } from '../../../components/format';
import { useSession } from '../../../session/SessionProvider';
import { type Contest } from '../api';
import { useContestEntry } from '../hooks/useContestEntry';
import { VirtualRunButton } from './VirtualRunButton';

/**
 * Register (with the access code when the contest asks for one; an invitation-only contest takes no self-registration),
 * then Start where each participant has a window; after the end, Virtual.
 */
export function ContestActions({ contest }: { contest: Contest }) {
  const { user, isAdmin } = useSession();
  const location = useLocation();
  const [accessCode, setAccessCode] = useState('');
  const { register, start } = useContestEntry(contest.contestId, accessCode);
  const error = register.error ?? start.error;

  if (contest.phase === 'past') return <VirtualRunButton contest={contest} />;
  // Admins judge the contest rather than take part: they add participants (AddParticipant) instead.
  if (isAdmin && !contest.participation) return null;
  if (!user)
    return (
      <p className="muted">
        <Link to="/login" state={{ from: location }}>
          Log in
        </Link>{' '}
        to register.
      </p>
    );
  const participation = contest.participation;
  const onRegister = (e: FormEvent) => {
    e.preventDefault();
    register.mutate();
  };
  if (!participation && contest.inviteOnly && !isAdmin)
    return <p className="muted">By invitation: an admin adds this contest's participants.</p>;
  return (
    <div className="contest-actions">
      {!participation && (
        <form className="row" onSubmit={onRegister}>
          {contest.needsAccessCode && (
            <label>
              Access code
              <input name="accessCode" value={accessCode} onChange={(e) => setAccessCode(e.target.value)} required autoComplete="off" />
            </label>
          )}
          <button className="btn primary" type="submit" disabled={register.isPending}>
            Register
          </button>
        </form>
      )}
      {participation && !participation.startedAt && contest.durationMinutes && contest.phase === 'running' && (
        <button className="btn primary" onClick={() => start.mutate()} disabled={start.isPending}>
          Start
        </button>
      )}
      {participation && (
        <p className="notice" role="status">
          {participation.startedAt || !contest.durationMinutes
            ? 'You are registered.'
            : `You are registered. Start when you are ready: you get ${plural(contest.durationMinutes, 'minute')}.`}
        </p>
      )}
      {error && (
        <p className="error" role="alert">
          {errorMessage(error, 'Failed.')}
        </p>
      )}
    </div>
  );
}

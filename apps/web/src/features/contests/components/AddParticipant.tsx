import { FormEvent, useState } from 'react';

import { errorMessage } from '../../../api/api-error';
import { type Contest } from '../api';
import { useAddParticipant } from '../hooks/useScoreboard';

/** Admins register a user by name: how an invitation-only contest (private, no access code) gets its participants. */
export function AddParticipant({ contest }: { contest: Contest }) {
  const [username, setUsername] = useState('');
  const add = useAddParticipant(contest.contestId, () => setUsername(''));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate(username.trim());
  };
  return (
    <form className="row" onSubmit={onSubmit} aria-label="Add a participant">
      <label>
        Add a participant
        <input name="username" value={username} onChange={(e) => setUsername(e.target.value)} required maxLength={32} autoComplete="off" />
      </label>
      <button className="btn small" type="submit" disabled={add.isPending}>
        Add
      </button>
      {add.isSuccess && (
        <span className="notice" role="status">
          Registered {add.data.username}.
        </span>
      )}
      {add.isError && (
        <p className="error" role="alert">
          {errorMessage(add.error, 'Failed to add the participant.')}
        </p>
      )}
    </form>
  );
}

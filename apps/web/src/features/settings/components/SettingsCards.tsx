import { FormEvent, useState } from 'react';

import { errorMessage } from '../../../api/api-error';
import { useSession } from '../../../session/SessionProvider';
import { useChangePassword, useProfileVisibility, useSaveProfile } from '../hooks/useAccountSettings';
import { PreferencesCard } from './PreferencesCard';

function ProfileCard() {
  const { user } = useSession();
  const [form, setForm] = useState({
    displayName: user?.profile.displayName ?? '',
    bio: user?.profile.bio ?? '',
    avatarUrl: user?.profile.avatarUrl ?? '',
  });
  const [message, setMessage] = useState<{ kind: string; text: string } | null>(null);
  const save = useSaveProfile({
    onSuccess: () => setMessage({ kind: 'notice', text: 'Profile updated.' }),
    onError: (error) => setMessage({ kind: 'error', text: errorMessage(error, 'Failed to update profile.') }),
  });
  return (
    <form className="card" onSubmit={(e: FormEvent) => (e.preventDefault(), save.mutate(form))}>
      <h2>Profile</h2>
      <label>
        Display name
        <input value={form.displayName} onChange={(e) => setForm({ ...form, displayName: e.target.value })} />
      </label>
      <label>
        Bio
        <textarea rows={3} value={form.bio} onChange={(e) => setForm({ ...form, bio: e.target.value })} />
      </label>
      <label>
        Avatar URL
        <input type="url" value={form.avatarUrl} onChange={(e) => setForm({ ...form, avatarUrl: e.target.value })} />
      </label>
      {message && <p className={message.kind}>{message.text}</p>}
      <button className="btn primary" type="submit">
        Save profile
      </button>
    </form>
  );
}

function PasswordCard() {
  const [form, setForm] = useState({ currentPassword: '', newPassword: '', confirmNewPassword: '' });
  const [message, setMessage] = useState<{ kind: string; text: string } | null>(null);
  const mismatch = form.confirmNewPassword !== '' && form.newPassword !== form.confirmNewPassword;
  const save = useChangePassword({
    onSuccess: () => {
      setForm({ currentPassword: '', newPassword: '', confirmNewPassword: '' });
      setMessage({ kind: 'notice', text: 'Password updated.' });
    },
    onError: (error) => setMessage({ kind: 'error', text: errorMessage(error, 'Failed to update password.') }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.currentPassword || !form.newPassword || !form.confirmNewPassword)
      return setMessage({ kind: 'error', text: 'All password fields are required.' });
    if (form.newPassword !== form.confirmNewPassword) return setMessage({ kind: 'error', text: 'New passwords must match.' });
    save.mutate(form);
  };
  return (
    <form className="card" onSubmit={submit} noValidate>
      <h2>Password</h2>
      <label>
        Current password
        <input
          type="password"
          autoComplete="current-password"
          value={form.currentPassword}
          onChange={(e) => setForm({ ...form, currentPassword: e.target.value })}
        />
      </label>
      <label>
        New password
        <input
          type="password"
          autoComplete="new-password"
          value={form.newPassword}
          onChange={(e) => setForm({ ...form, newPassword: e.target.value })}
        />
      </label>
      <label>
        Confirm new password
        <input
          type="password"
          autoComplete="new-password"
          value={form.confirmNewPassword}
          onChange={(e) => setForm({ ...form, confirmNewPassword: e.target.value })}
        />
      </label>
      {mismatch && (
        <p className="field-error" aria-live="polite">
          New passwords do not match.
        </p>
      )}
      {message && <p className={message.kind}>{message.text}</p>}
      <button className="btn primary" type="submit">
        Change password
      </button>
    </form>
  );
}

/** The checkbox flips at once and reverts when the save fails. */
function PrivacyCard() {
  const { user } = useSession();
  const [checked, setChecked] = useState(user?.profilePublic ?? true);
  const [error, setError] = useState<string | null>(null);
  const save = useProfileVisibility({
    onError: (_e, profilePublic) => {
      setChecked(!profilePublic);
      setError('Failed to update profile visibility.');
    },
  });
  return (
    <section className="card">
      <h2>Privacy</h2>
      <label className="inline">
        <input
          type="checkbox"
          name="profilePublic"
          checked={checked}
          onChange={(e) => {
            setError(null);
            setChecked(e.target.checked);
            save.mutate(e.target.checked);
          }}
        />{' '}
        Public profile
      </label>
      {error && <p className="error">{error}</p>}
    </section>
  );
}

export function SettingsCards() {
  return (
    <div className="settings">
      <h1>Settings</h1>
      <ProfileCard />
      <PasswordCard />
      <PrivacyCard />
      <PreferencesCard />
    </div>
  );
}

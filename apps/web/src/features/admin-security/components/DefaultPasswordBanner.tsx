import '../admin-security.css';

import { Link } from 'react-router-dom';

import { useSession } from '../../../session/SessionProvider';
import { useSecurityStatus } from '../hooks/useSecurityStatus';

/** On admin pages: a warning while an admin account still has the built-in default password. Nothing otherwise. */
export function DefaultPasswordBanner() {
  const { user, isAdmin } = useSession();
  const status = useSecurityStatus(isAdmin);
  const names = status.data?.defaultPasswordAdmins ?? [];
  if (!isAdmin || !names.length) return null;
  const mine = !!user && names.includes(user.username);
  return (
    <div className="banner-warning" role="alert">
      <strong>Default password in use.</strong>{' '}
      {mine ? (
        <>
          You are signed in with the built-in default password, which anyone can look up. <Link to="/settings">Change it in Settings</Link>.
        </>
      ) : (
        <>
          The admin account{names.length > 1 ? 's' : ''} {names.join(', ')} still {names.length > 1 ? 'use' : 'uses'} the built-in default
          password, which anyone can look up: sign in as {names.length > 1 ? 'each' : 'it'} and change it in Settings.
        </>
      )}
    </div>
  );
}

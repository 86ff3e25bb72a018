import '../auth.css';

import { FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';

import { errorMessage } from '../../../api/api-error';
import { focusMainContent } from '../../../components/SkipLink';
import { useSession } from '../../../session/SessionProvider';
import { logIn } from '../api';

export function LoginForm() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [usernameOrEmail, setName] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!usernameOrEmail || !password) return setError('Username or email and password are required.');
    setBusy(true);
    setError(null);
    try {
      signIn(await logIn({ usernameOrEmail, password }));
      const from = (location.state as { from?: { pathname: string; search?: string } } | null)?.from;
      void navigate(from ? `${from.pathname}${from.search ?? ''}` : '/', { replace: true });
      // The form is gone: focus lands on the page it led to rather than on the document's start.
      focusMainContent();
    } catch (err) {
      setError(errorMessage(err, 'Login failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card narrow">
      <h1>Login</h1>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <label>
          Username or Email
          <input
            name="usernameOrEmail"
            autoComplete="username"
            required
            value={usernameOrEmail}
            onChange={(e) => setName(e.target.value)}
          />
        </label>
        <label>
          Password
          <input
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        <button className="btn primary" type="submit" disabled={busy}>
          Login
        </button>
      </form>
      <p className="muted">
        No account? <Link to="/register">Register</Link>
      </p>
    </section>
  );
}

import '../auth.css';

import { FormEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { ApiError } from '../../../api/api-error';
import { useSession } from '../../../session/SessionProvider';
import { registerAccount } from '../api';

const FIELDS = ['username', 'email', 'password', 'confirmPassword'] as const;
type Field = (typeof FIELDS)[number];
const LABELS: Record<Field, string> = { username: 'Username', email: 'Email', password: 'Password', confirmPassword: 'Confirm Password' };
const TYPES: Record<Field, string> = { username: 'text', email: 'email', password: 'password', confirmPassword: 'password' };

/** Create Account: server VALIDATION_ERROR details under their fields, others in a general list, first bad field focused. */
export function RegisterForm() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<Field, string>>({ username: '', email: '', password: '', confirmPassword: '' });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [general, setGeneral] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  const show = (errors: Partial<Record<Field, string>>, others: string[]) => {
    setFieldErrors(errors);
    setGeneral(others);
    const first = FIELDS.find((f) => errors[f]);
    if (first) inputs.current[first]?.focus();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (values.password !== values.confirmPassword) return show({ confirmPassword: 'Passwords must match.' }, []);
    setBusy(true);
    try {
      signIn(await registerAccount(values));
      void navigate('/dashboard', { replace: true });
    } catch (err) {
      const errors: Partial<Record<Field, string>> = {};
      const others: string[] = [];
      if (err instanceof ApiError && err.details?.length) {
        for (const d of err.details) {
          if ((FIELDS as readonly string[]).includes(d.path) && !errors[d.path as Field]) errors[d.path as Field] = d.message;
          else others.push(d.message);
        }
      } else others.push(err instanceof ApiError ? err.message : 'Registration failed');
      show(errors, others);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card narrow">
      <h1>Create Account</h1>
      <form onSubmit={(e) => void submit(e)} noValidate>
        {FIELDS.map((field) => (
          <div className="field" key={field}>
            <label htmlFor={`register-${field}`}>{LABELS[field]}</label>
            <input
              id={`register-${field}`}
              name={field}
              type={TYPES[field]}
              autoComplete={field === 'username' ? 'username' : field === 'email' ? 'email' : 'new-password'}
              ref={(el) => {
                inputs.current[field] = el;
              }}
              aria-invalid={!!fieldErrors[field]}
              aria-describedby={fieldErrors[field] ? `${field}-error` : undefined}
              value={values[field]}
              onChange={(e) => setValues({ ...values, [field]: e.target.value })}
            />
            {fieldErrors[field] && (
              <span className="field-error" id={`${field}-error`}>
                {fieldErrors[field]}
              </span>
            )}
          </div>
        ))}
        {general.length > 0 && (
          <ul className="error" role="alert">
            {general.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        )}
        <button className="btn primary" type="submit" disabled={busy}>
          Register
        </button>
      </form>
    </section>
  );
}

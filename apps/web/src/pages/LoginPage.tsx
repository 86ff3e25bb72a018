import { useDocumentTitle } from '../components/useDocumentTitle';
import { LoginForm } from '../features/auth/components/LoginForm';

/** /login: back to where the user came from once logged in. */
export function LoginPage() {
  useDocumentTitle('Login');
  return <LoginForm />;
}

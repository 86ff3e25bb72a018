import { useDocumentTitle } from '../components/useDocumentTitle';
import { RegisterForm } from '../features/auth/components/RegisterForm';

/** /register: Create Account, then the dashboard. */
export function RegisterPage() {
  useDocumentTitle('Create Account');
  return <RegisterForm />;
}

import { useDocumentTitle } from '../components/useDocumentTitle';
import { SettingsCards } from '../features/settings/components/SettingsCards';

/** /settings: the Profile, Password, Privacy and Editor cards. */
export function SettingsPage() {
  useDocumentTitle('Settings');
  return <SettingsCards />;
}

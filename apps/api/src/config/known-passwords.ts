/** The admin password of a development install when ADMIN_PASSWORD is unset (`npm start` prints it). */
export const DEFAULT_ADMIN_PASSWORD = 'admin12345';

/**
 * Passwords anyone would try first: a production site refuses to create its admin from one of them. Compared
 * case-insensitively; the length rule (8+) already refuses the shorter classics.
 */
const KNOWN_WEAK_PASSWORDS = new Set([
  DEFAULT_ADMIN_PASSWORD,
  'password',
  'password1',
  'password123',
  'passw0rd',
  'admin123',
  'admin1234',
  'administrator',
  'changeme',
  'changeme123',
  '12345678',
  '123456789',
  '1234567890',
  'qwerty123',
  'qwertyuiop',
  'letmein1',
  'welcome1',
  'iloveyou',
]);

export function isKnownWeakPassword(password: string): boolean {
  return KNOWN_WEAK_PASSWORDS.has(password.toLowerCase());
}

import * as argon2 from 'argon2';

/** argon2id with the library's defaults (64 MiB, 3 passes): OWASP's recommended parameters. */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/**
 * A hash with hashPassword's parameters (password-hasher.spec checks they still match) of a random password nobody
 * kept, for checks that must cost what a real one costs (a login for an unknown name). A constant: making one costs
 * about 0.27 s of CPU, which every start of the API (and of each test's API) would otherwise pay.
 */
export const DUMMY_PASSWORD_HASH = '$argon2id$v=19$m=65536,t=3,p=4$8MiA402HWUKYYPp66NfemQ$fRVgMfIBOLtq70cdHaNfNwYLYIX0vdhnqij2ge+TKa0';

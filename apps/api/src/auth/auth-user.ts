import type { Role } from '@oj/contracts';

/** The caller of a request, as the auth guard found them (current role, active account). */
export interface AuthUser {
  id: string;
  username: string;
  role: Role;
  /** The version of the token the request came with (the user's current one: the guard checked). */
  tokenVersion: number;
}

/** Claims of an access token. */
export interface AccessTokenClaims {
  sub: string;
  username: string;
  role: Role;
  /** The user's token version when it was issued; the guard refuses it once the version has moved on. */
  ver: number;
}

/** Whether a token that carried `version` (none in tokens issued before versions existed) is still current. */
export function isCurrentTokenVersion(version: number | undefined, user: { tokenVersion: number }): boolean {
  return (version ?? 0) === user.tokenVersion;
}

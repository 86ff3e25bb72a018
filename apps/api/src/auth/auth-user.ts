import type { Role } from '@oj/contracts';

/** The caller of a request, as the auth guard found them (current role, active account). */
export interface AuthUser {
  id: string;
  username: string;
  role: Role;
}

/** Claims of an access token. */
export interface AccessTokenClaims {
  sub: string;
  username: string;
  role: Role;
}

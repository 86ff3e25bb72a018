import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import { ApiBearerAuth, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Role } from '@oj/contracts';

import type { AuthUser } from './auth-user';

export const AUTH_METADATA = 'oj:auth';

export type AuthRequirement = { mode: 'required'; role?: Role } | { mode: 'optional' };

/** The route needs a logged-in, active user; with a role, that role too. */
export function Auth(role?: Role) {
  return applyDecorators(
    SetMetadata(AUTH_METADATA, { mode: 'required', role } satisfies AuthRequirement),
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ description: 'Missing, invalid or expired access token' }),
    ...(role ? [ApiForbiddenResponse({ description: `Requires role ${role}` })] : []),
  );
}

/**
 * The route is public but knows the caller when a valid token is sent. Documented without a security requirement
 * (no lock in Swagger UI): nobody needs a token to call it.
 */
export function OptionalAuth() {
  return SetMetadata(AUTH_METADATA, { mode: 'optional' } satisfies AuthRequirement);
}

/** The caller (undefined on an optional route without a token). */
export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthUser | undefined => {
  return ctx.switchToHttp().getRequest().user;
});

import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { isAdmin, type Viewer } from '@oj/contracts';
import type { Request } from 'express';

import { bearerToken } from '../auth/auth.guard';
import type { AuthUser } from '../auth/auth-user';
import { ApiException } from '../common/api-exception';
import { CLICS_TOKEN_PREFIX, ClicsTokensService } from './clics-tokens.service';

/**
 * Who reads a contest through the CLICS routes: an admin (their JWT, which the global guard checked: the routes are
 * @OptionalAuth), or a token made for this contest, as a bearer token or a Basic password. A token's reader is the viewer the SPA's access rules are
 * asked about: `admin` an admin, `public` a guest, so a public tool sees exactly what the public board shows.
 */
export interface ClicsReader {
  contestId: number;
  viewer: Viewer;
  /** Whose streams these are, for the live stream caps: the admin's user id, or `token:` and the token's id. */
  readerId: string;
}

export type ClicsRequest = Request & { user?: AuthUser; clics?: ClicsReader };

/**
 * The ICPC tools sign in with a user and a password (HTTP Basic), so a token also passes as the password, under
 * any user name.
 */
function basicPassword(header: string | undefined): string | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon >= 0 ? decoded.slice(colon + 1) : undefined;
}

@Injectable()
export class ClicsAccessGuard implements CanActivate {
  constructor(private readonly tokens: ClicsTokensService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<ClicsRequest>();
    const contestId = Number(request.params.contestId);
    if (request.user) {
      if (!isAdmin(request.user)) throw ApiException.forbidden('Administrator access or a CLICS token required');
      request.clics = { contestId, viewer: request.user, readerId: request.user.id };
      return true;
    }
    const token = bearerToken(request.headers.authorization) ?? basicPassword(request.headers.authorization);
    if (!token) throw ApiException.unauthorized('Authentication required');
    const grant = token.startsWith(CLICS_TOKEN_PREFIX) ? await this.tokens.scopeOf(token) : null;
    if (!grant) throw ApiException.unauthorized('Invalid or revoked token');
    if (grant.contestId !== contestId) throw ApiException.forbidden('This token is for another contest');
    request.clics = {
      contestId,
      viewer: grant.scope === 'admin' ? { id: grant.tokenId, role: 'admin' } : undefined,
      readerId: `token:${grant.tokenId}`,
    };
    return true;
  }
}

import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { UserEntity } from '@oj/db';
import { Repository } from 'typeorm';

import { isAdmin, type Viewer } from '../access';
import type { AuthUser } from '../auth/auth-user';
import { isCurrentTokenVersion } from '../auth/auth-user';
import { bearerToken } from '../auth/bearer-token';
import { ApiException } from '../common/api-exception';
import { CLICS_TOKEN_PREFIX, ClicsTokensService } from './clics-tokens.service';

/** What let a reader in, so an open feed can ask again whether it still does. */
type ClicsCredential = { kind: 'admin'; userId: string; tokenVersion: number } | { kind: 'token'; tokenId: string };

/**
 * Who reads through the CLICS routes: an admin (their JWT, which the global guard checked: the routes are
 * @OptionalAuth), or a contest's CLICS token, as a bearer token or a Basic password. A token's reader is the viewer
 * the SPA's access rules are asked about: `admin` an admin, `public` a guest, so a public tool sees exactly what a
 * guest sees.
 */
export interface ClicsReader {
  /** The one contest a token reads; null for an admin, who reads them all. */
  contestId: number | null;
  viewer: Viewer;
  /** Whose streams these are, for the live stream caps: the admin's user id, or `token:` and the token's id. */
  readerId: string;
  credential: ClicsCredential;
}

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

/** Lets CLICS readers in (ClicsAccessGuard) and tells an open event feed whether its reader is still let in. */
@Injectable()
export class ClicsReadersService {
  constructor(
    private readonly tokens: ClicsTokensService,
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
  ) {}

  /** The reader of a request: 401 without a live credential, 403 for a signed-in user who is not an admin. */
  async readerOf(user: AuthUser | undefined, authorization: string | undefined): Promise<ClicsReader> {
    if (user) {
      if (!isAdmin(user)) throw ApiException.forbidden('Administrator access or a CLICS token required');
      return {
        contestId: null,
        viewer: user,
        readerId: user.id,
        credential: { kind: 'admin', userId: user.id, tokenVersion: user.tokenVersion },
      };
    }
    const token = bearerToken(authorization) ?? basicPassword(authorization);
    if (!token) throw ApiException.unauthorized('Authentication required');
    const grant = token.startsWith(CLICS_TOKEN_PREFIX) ? await this.tokens.scopeOf(token) : null;
    if (!grant) throw ApiException.unauthorized('Invalid or revoked token');
    return {
      contestId: grant.contestId,
      viewer: grant.scope === 'admin' ? { id: grant.tokenId, role: 'admin' } : undefined,
      readerId: `token:${grant.tokenId}`,
      credential: { kind: 'token', tokenId: grant.tokenId },
    };
  }

  /**
   * Whether what let the reader in still does: the token is not revoked, or the admin is still an active admin with
   * the same sessions (a demotion, deactivation, password change or sign-out everywhere ends it), as the auth guard
   * would decide at a new request.
   */
  async stillAllowed(reader: ClicsReader): Promise<boolean> {
    const { credential } = reader;
    if (credential.kind === 'token') return this.tokens.isLive(credential.tokenId);
    const user = await this.users.findOne({ where: { id: credential.userId }, select: ['id', 'role', 'isActive', 'tokenVersion'] });
    return !!user && user.isActive && isAdmin(user) && isCurrentTokenVersion(credential.tokenVersion, user);
  }
}

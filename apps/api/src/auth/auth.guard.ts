import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { JwtService } from '@nestjs/jwt';
import { InjectRepository } from '@nestjs/typeorm';
import { UserEntity } from '@oj/db';
import { Repository } from 'typeorm';

import { ApiException } from '../common/api-exception';
import { AUTH_METADATA, AuthRequirement } from './auth.decorators';
import { AccessTokenClaims, AuthUser, isCurrentTokenVersion } from './auth-user';
import { JwtSecrets } from './jwt-secrets';

export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}

/**
 * Global guard. Routes marked @Auth() need a valid access token of an active user; the user is re-read
 * on every request (one lookup, which also reads the token version), so a deactivation, role change or
 * password change takes effect at the next call, not at token expiry.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly jwt: JwtService,
    private readonly secrets: JwtSecrets,
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const requirement = this.reflector.getAllAndOverride<AuthRequirement | undefined>(AUTH_METADATA, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!requirement) return true;
    const request = context.switchToHttp().getRequest();
    const token = bearerToken(request.headers.authorization);
    if (!token) {
      if (requirement.mode === 'optional') return true;
      throw ApiException.unauthorized('Authentication required');
    }
    const user = await this.authenticate(token);
    if (!user) {
      if (requirement.mode === 'optional') return true;
      throw ApiException.unauthorized('Invalid or expired access token');
    }
    if (requirement.mode === 'required' && requirement.role && user.role !== requirement.role) {
      throw ApiException.forbidden('Administrator access required');
    }
    request.user = user;
    return true;
  }

  /** The active user a token belongs to, or null when the token or the account is not valid. */
  async authenticate(token: string): Promise<AuthUser | null> {
    let claims: AccessTokenClaims;
    try {
      claims = await this.jwt.verifyAsync<AccessTokenClaims>(token, this.secrets.verifyOptions);
    } catch {
      return null;
    }
    const user = await this.users.findOne({
      where: { id: claims.sub },
      select: ['id', 'username', 'role', 'isActive', 'tokenVersion'],
    });
    if (!user || !user.isActive || !isCurrentTokenVersion(claims.ver, user)) return null;
    return { id: user.id, username: user.username, role: user.role, tokenVersion: user.tokenVersion };
  }
}

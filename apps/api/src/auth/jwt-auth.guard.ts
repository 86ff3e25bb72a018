import { ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { Request, Response } from 'express';

import { ApiException } from '../common/api-exception';
import { AUTH_METADATA, AuthRequirement } from './auth.decorators';
import type { AuthUser } from './auth-user';
import { bearerToken } from './bearer-token';
import { JWT_STRATEGY, JwtStrategy } from './jwt.strategy';

/**
 * Global guard. Routes marked @Auth() need a valid access token of an active user (JwtStrategy checks both); routes
 * marked @OptionalAuth() know the caller when a valid token comes, and take guests and invalid tokens as guests.
 */
@Injectable()
export class JwtAuthGuard extends AuthGuard(JWT_STRATEGY) {
  constructor(
    private readonly reflector: Reflector,
    private readonly strategy: JwtStrategy,
  ) {
    super();
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const requirement = this.requirement(context);
    if (!requirement) return true;
    const request = context.switchToHttp().getRequest<Request & { user?: AuthUser }>();
    // A guest on an optional route: nothing to check.
    if (requirement.mode === 'optional' && !bearerToken(request.headers.authorization)) return true;
    request.user = await this.authenticate(context, request);
    if (requirement.mode === 'required' && requirement.role && request.user?.role !== requirement.role) {
      throw ApiException.forbidden('Administrator access required');
    }
    return true;
  }

  /**
   * AuthGuard's own `canActivate` runs the global Passport; this one runs the strategy's (see JwtStrategy), with the
   * same callback into `handleRequest`.
   */
  private authenticate(context: ExecutionContext, request: Request): Promise<AuthUser | undefined> {
    const response = context.switchToHttp().getResponse<Response>();
    return new Promise((resolve, reject) => {
      const done = (error: unknown, user: AuthUser | false, info: unknown) => {
        try {
          resolve(this.handleRequest(error, user, info, context));
        } catch (failure) {
          reject(failure);
        }
      };
      this.strategy.getPassportInstance().authenticate(JWT_STRATEGY, { session: false }, done)(request, response, reject);
    });
  }

  handleRequest<TUser = AuthUser | undefined>(error: unknown, user: AuthUser | false, _info: unknown, context: ExecutionContext): TUser {
    if (error) throw error;
    if (user) return user as TUser;
    if (this.requirement(context)?.mode === 'optional') return undefined as TUser;
    const request = context.switchToHttp().getRequest<Request>();
    throw ApiException.unauthorized(
      bearerToken(request.headers.authorization) ? 'Invalid or expired access token' : 'Authentication required',
    );
  }

  private requirement(context: ExecutionContext): AuthRequirement | undefined {
    return this.reflector.getAllAndOverride<AuthRequirement | undefined>(AUTH_METADATA, [context.getHandler(), context.getClass()]);
  }
}

import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';

import type { AuthUser } from '../../auth/auth-user';
import { AppConfig } from '../../config/app-config';
import { AUTH_BUCKET } from './ip-rate-limit.guard';
import { RateLimitService } from './rate-limit.service';

const MESSAGE = 'Too many password attempts. Please wait a minute and try again.';

/**
 * Each password change checks the current password (a 64 MiB argon2 verify), so attempts are limited per
 * account (PASSWORD_CHANGES_PER_MINUTE, against guessing from many addresses) and per client IP in the
 * same budget as logins (AUTH_RATE_LIMIT_PER_MINUTE, against one address trying many accounts).
 * Runs after the global auth guard, which has set the user.
 */
@Injectable()
export class PasswordChangeRateLimitGuard implements CanActivate {
  constructor(
    private readonly rateLimits: RateLimitService,
    private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request & { user: AuthUser }>();
    await this.rateLimits.consume(AUTH_BUCKET, request.ip ?? 'unknown', this.config.AUTH_RATE_LIMIT_PER_MINUTE, MESSAGE);
    await this.rateLimits.consume('password-change', request.user.id, this.config.PASSWORD_CHANGES_PER_MINUTE, MESSAGE);
    return true;
  }
}

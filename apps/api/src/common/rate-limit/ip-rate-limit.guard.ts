import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';

import { AppConfig } from '../../config/app-config';
import { RateLimitService } from './rate-limit.service';

/** The per-IP budget of every route that checks a password (or a refresh token). */
export const AUTH_BUCKET = 'auth';

/** Limits the auth routes (login, register, refresh) per client IP: AUTH_RATE_LIMIT_PER_MINUTE. */
@Injectable()
export class AuthRateLimitGuard implements CanActivate {
  constructor(
    private readonly rateLimits: RateLimitService,
    private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    await this.rateLimits.consume(
      AUTH_BUCKET,
      request.ip ?? 'unknown',
      this.config.AUTH_RATE_LIMIT_PER_MINUTE,
      'Too many attempts. Please wait a minute and try again.',
    );
    return true;
  }
}

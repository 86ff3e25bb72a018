import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { AppConfig } from '../../config/app-config';
import { RateLimitService } from './rate-limit.service';

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
      'auth',
      request.ip ?? 'unknown',
      this.config.AUTH_RATE_LIMIT_PER_MINUTE,
      'Too many attempts. Please wait a minute and try again.',
    );
    return true;
  }
}

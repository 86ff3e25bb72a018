import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';

import type { AuthUser } from '../../auth/auth-user';
import { AppConfig } from '../../config/app-config';
import { RateLimitService } from './rate-limit.service';

export const VALIDATIONS_RATE_MESSAGE = 'You are validating tests too often. Please wait a minute and try again.';

/**
 * Each validation runs a reference solution on up to 1,000 tests in a worker's slots for runs and validations,
 * so validations are limited per account: VALIDATIONS_PER_MINUTE, admins included. Runs after the guards that
 * admit the caller and before the body (up to 100 MB) is read, so a refused validation costs neither.
 */
@Injectable()
export class ValidationRateLimitGuard implements CanActivate {
  constructor(
    private readonly rateLimits: RateLimitService,
    private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request & { user: AuthUser }>();
    await this.rateLimits.consume('validate', request.user.id, this.config.VALIDATIONS_PER_MINUTE, VALIDATIONS_RATE_MESSAGE);
    return true;
  }
}

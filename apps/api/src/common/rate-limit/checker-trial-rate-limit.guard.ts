import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';

import type { AuthUser } from '../../auth/auth-user';
import { AppConfig } from '../../config/app-config';
import { RateLimitService } from './rate-limit.service';

export const CHECKER_TRIALS_RATE_MESSAGE = 'You are trying checkers too often. Please wait a minute and try again.';

/**
 * Each checker trial compiles author code on a worker (up to 15 s of CPU, a binary in its cache), so trials are
 * limited per account: CHECKER_TRIALS_PER_MINUTE, admins included. Runs after the guards that admit the caller and
 * before the body is read, so a refused trial costs neither.
 */
@Injectable()
export class CheckerTrialRateLimitGuard implements CanActivate {
  constructor(
    private readonly rateLimits: RateLimitService,
    private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request & { user: AuthUser }>();
    await this.rateLimits.consume('checker-trial', request.user.id, this.config.CHECKER_TRIALS_PER_MINUTE, CHECKER_TRIALS_RATE_MESSAGE);
    return true;
  }
}

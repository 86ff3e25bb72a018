import { CanActivate, ExecutionContext, Injectable, mixin, Type } from '@nestjs/common';
import type { Request } from 'express';

import type { AuthUser } from '../../auth/auth-user';
import { AppConfig } from '../../config/app-config';
import { RateLimitService } from './rate-limit.service';

/** The AppConfig settings that are a number of actions per account per minute. */
type PerMinuteSetting = 'CHECKER_TRIALS_PER_MINUTE' | 'VALIDATIONS_PER_MINUTE';

/**
 * A guard limiting an action per account (admins included) to `setting` a minute, in the Redis bucket `bucket`; the
 * next gets 429 RATE_LIMITED with `message`. Placed after the guards that admit the caller and before the body is
 * read, so a refused call costs neither.
 */
function accountRateLimitGuard(bucket: string, setting: PerMinuteSetting, message: string): Type<CanActivate> {
  @Injectable()
  class AccountRateLimitGuard implements CanActivate {
    constructor(
      private readonly rateLimits: RateLimitService,
      private readonly config: AppConfig,
    ) {}

    async canActivate(context: ExecutionContext): Promise<boolean> {
      const request = context.switchToHttp().getRequest<Request & { user: AuthUser }>();
      await this.rateLimits.consume(bucket, request.user.id, this.config[setting], message);
      return true;
    }
  }
  return mixin(AccountRateLimitGuard);
}

/** Each checker trial compiles author code on a worker (up to 15 s of CPU, a binary in its cache). */
export const CheckerTrialRateLimitGuard = accountRateLimitGuard(
  'checker-trial',
  'CHECKER_TRIALS_PER_MINUTE',
  'You are trying checkers too often. Please wait a minute and try again.',
);

/** Each validation runs a reference solution on up to 1,000 tests (and its body may be 100 MB). */
export const ValidationRateLimitGuard = accountRateLimitGuard(
  'validate',
  'VALIDATIONS_PER_MINUTE',
  'You are validating tests too often. Please wait a minute and try again.',
);
